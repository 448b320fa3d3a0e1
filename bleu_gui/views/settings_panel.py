"""Which BLEU: the scoring options as widgets, mapped to and from a `BleuConfig`.

The panel only maps widgets to a config and back. What each mode offers (its
options, smoothing methods, defaults and ranges) comes from the capabilities table
in `core.config`, the same table validation and the command line read. A
combination the mode refuses is shown under the controls in the core's own words
instead of being sent.

Typing must survive re-scoring. A field a user types into (smoothing value, order,
weights, NLTK's alpha and k) commits on Enter, on leaving it, or after a pause in the
typing (`COMMIT_PAUSE_MS`), never on each keystroke; and the scores that come back
never rewrite the field that has the focus. Otherwise typing `0.25` committed `0`,
the re-score wrote `0.000` back into the box under the cursor, and the next keys
were lost.

Each mode remembers the options last chosen in it: switching sacreBLEU → NLTK →
sacreBLEU gives back sacreBLEU's options (its defaults, or the user's last choice),
not what the other modes left in the widgets.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from bleu_gui.core import BleuConfig, Compat, ConfigError
from bleu_gui.core.config import (
    CAPABILITIES,
    NLTK_DEFAULT_ALPHA,
    NLTK_DEFAULT_K,
    SMOOTH_VALUE_RANGE,
    SMOOTHING_HELP,
    TOKENIZER_HELP,
    Capabilities,
    Option,
    Smoothing,
)
from bleu_gui.core.tokenize import available_tokenizers

__all__ = [
    "COMMIT_PAUSE_MS",
    "SettingsPanel",
    "effective_order_choices",
    "typed_number",
]

COMMIT_PAUSE_MS = 700
"""A pause in typing this long commits the field (keys come 80–250 ms apart)."""

# A spin box needs a top; the core has none for these.
_ORDER_TOP = 12
_NUMBER_TOP = 1_000_000.0


def effective_order_choices(caps: Capabilities) -> list[tuple[str, bool | None]]:
    """The effective-order menu of a mode: (label, `BleuConfig.effective_order`).

    The default's label says what the default does in *this* mode: sacreBLEU turns
    it on for sentence scores only, NLTK (auto_reweigh) leaves it off.
    """
    default = f"{caps.name} default ({caps.effective_order_default_text})"
    return [(default, None), ("on", True), ("off", False)]


def _effective_order_help(caps: Capabilities) -> str:
    if caps.compat is Compat.NLTK:
        return (
            "auto_reweigh: when a hypothesis has fewer words than the highest order "
            "and the weights are equal, NLTK weighs only the orders it can have, "
            "instead of scoring it 0. NLTK leaves it off unless asked."
        )
    return (
        "Effective order: a sentence too short for some orders (a 3-word sentence "
        "has no 4-grams) is scored on the orders it has, instead of 0. sacreBLEU "
        "does this for sentence scores, not for the corpus score."
    )


def typed_number(spin: QDoubleSpinBox | QSpinBox, fallback: float) -> float:
    """The number the box's text says now, even before the box has taken it.

    While the user types, a spin box keeps its old value until Enter or focus-out;
    a pause commits what is typed so far, if it is a number.
    """
    text = spin.text()
    state = spin.validate(text, len(text))[0]
    if state is QValidator.State.Acceptable:
        return float(spin.valueFromText(text))
    return fallback


class SettingsPanel(QWidget):
    """Controls for every scoring option.

    Signals:
        config_requested: a valid `BleuConfig` the user asked for.
    """

    config_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._updating = False
        self._chosen: dict[Compat, BleuConfig] = {}  # the last config of each mode
        self._mode: Compat | None = None  # the mode the menus are filled for
        self.typing_pause = QTimer(self)
        self.typing_pause.setSingleShot(True)
        self.typing_pause.setInterval(COMMIT_PAUSE_MS)

        self.compat = QComboBox()
        for compat in Compat:
            self.compat.addItem(compat.label, compat)
        self.compat.setToolTip(
            "Whose BLEU numbers to reproduce. sacreBLEU is the standard for "
            "reporting; the other modes give exactly the numbers of NLTK, "
            "tensorflow/nmt (Hugging Face evaluate 'bleu') or multi-bleu.perl."
        )
        self.tokenizer = QComboBox()  # filled per mode (`_show_mode`)
        self.lowercase = QCheckBox("Lowercase")
        self.lowercase.setToolTip(
            "Compare in lowercase, so that 'The' and 'the' match."
        )
        self.smoothing = QComboBox()
        self.smooth_value = QDoubleSpinBox()
        self.smooth_value.setDecimals(3)
        self.smooth_value.setRange(SMOOTH_VALUE_RANGE.minimum, _NUMBER_TOP)
        self.smooth_value.setSingleStep(0.05)
        self.max_order = QSpinBox()
        self.max_order.setToolTip(
            "The longest word sequences counted: 4 counts single words, pairs, "
            "triples and sequences of 4 words (BLEU-4)."
        )
        self.weights = QLineEdit()
        self.weights.setPlaceholderText("equal, e.g. 0.25 0.25 0.25 0.25")
        self.weights.setToolTip(
            "NLTK's weights, one per order, separated by spaces (0.5 0.5 is BLEU-2). "
            "Their number sets the highest order. Empty: equal weights."
        )
        self.nltk_alpha = QDoubleSpinBox()
        self.nltk_alpha.setToolTip("alpha of NLTK's smoothing method6 (default 5).")
        self.nltk_k = QDoubleSpinBox()
        self.nltk_k.setToolTip("k of NLTK's smoothing method4 and method7 (default 5).")
        for spin in (self.nltk_alpha, self.nltk_k):
            spin.setDecimals(3)
            spin.setRange(0.0, _NUMBER_TOP)
        self.effective = QComboBox()
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: palette(highlight);")
        self.problem.hide()

        for combo in (self.compat, self.tokenizer, self.smoothing, self.effective):
            # Long labels ("tensorflow/nmt compute_bleu (…)") must not widen the dock.
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(14)
        form = QFormLayout(self)
        form.addRow("Compatibility", self.compat)
        form.addRow("Tokenizer", self.tokenizer)
        form.addRow("", self.lowercase)
        form.addRow("Smoothing", self.smoothing)
        form.addRow("Smoothing value", self.smooth_value)
        form.addRow("Max n-gram order", self.max_order)
        form.addRow("Weights", self.weights)
        form.addRow("Alpha (method6)", self.nltk_alpha)
        form.addRow("k (method4, 7)", self.nltk_k)
        form.addRow("Effective order", self.effective)
        form.addRow(self.problem)
        self._form = form
        # The rows each option lives in, shown only in the modes that have it.
        self._rows: dict[Option, QWidget] = {
            Option.TOKENIZER: self.tokenizer,
            Option.SMOOTH_VALUE: self.smooth_value,
            Option.WEIGHTS: self.weights,
            Option.NLTK_ALPHA: self.nltk_alpha,
            Option.NLTK_K: self.nltk_k,
            Option.EFFECTIVE_ORDER: self.effective,
        }
        self._connect_signals()
        self.set_config(BleuConfig())

    def _connect_signals(self) -> None:
        self.compat.currentIndexChanged.connect(self._on_compat_changed)
        self.tokenizer.currentIndexChanged.connect(self._emit)
        self.lowercase.toggled.connect(self._emit)
        self.smoothing.currentIndexChanged.connect(self._on_smoothing_changed)
        self.effective.currentIndexChanged.connect(self._emit)
        self.typing_pause.timeout.connect(self._emit)
        for spin in self._spin_boxes():
            # Arrows, the wheel, Enter and focus-out; keys only through the pause.
            spin.setKeyboardTracking(False)
            spin.valueChanged.connect(self._emit)
            spin.editingFinished.connect(self._emit)
            spin.lineEdit().textEdited.connect(self._on_typed)
        self.weights.textEdited.connect(self._on_typed)
        self.weights.editingFinished.connect(self._emit)

    def _spin_boxes(self) -> tuple[QDoubleSpinBox | QSpinBox, ...]:
        return (self.smooth_value, self.max_order, self.nltk_alpha, self.nltk_k)

    # --- config <-> widgets ---------------------------------------------------------

    def set_config(self, config: BleuConfig) -> None:
        """Show `config` in the widgets (without emitting).

        A field that has the keyboard focus keeps what the user is typing: the
        config coming back from a re-score is the one that field asked for.
        """
        self._chosen[config.compat] = config
        if self._mode is config.compat and self._describes(config):
            self.problem.hide()
            return
        self._updating = True
        try:
            self.compat.setCurrentIndex(self.compat.findData(config.compat))
            self._show_mode(config.capabilities)
            index = self.tokenizer.findData(config.tokenizer_name)
            self.tokenizer.setCurrentIndex(max(index, 0))
            self.lowercase.setChecked(config.lowercase)
            self.smoothing.setCurrentIndex(
                self.smoothing.findData(config.smoothing_method)
            )
            value = config.effective_smooth_value
            self._put(self.smooth_value, float(value) if value is not None else 0.0)
            self._put(self.max_order, config.order)
            self._put(self.nltk_alpha, config.nltk_alpha)
            self._put(self.nltk_k, config.nltk_k)
            if not self.weights.hasFocus():
                self.weights.setText(
                    " ".join(f"{w:g}" for w in config.weights) if config.weights else ""
                )
            self.effective.setCurrentIndex(
                self.effective.findData(config.effective_order)
            )
            self._update_enabled()
            self.problem.hide()
        finally:
            self._updating = False

    def current_config(self) -> BleuConfig:
        """The config the widgets describe (a field being typed in: its text so far).

        Raises:
            ConfigError: if the mode refuses the combination (the message says why).
        """
        compat = Compat(self.compat.currentData())
        caps = CAPABILITIES[compat]
        method = Smoothing(self.smoothing.currentData())
        value = (
            typed_number(self.smooth_value, self.smooth_value.value())
            if caps.takes_value(method)
            else None
        )
        weights = None
        if caps.has(Option.WEIGHTS) and self.weights.text().strip():
            try:
                weights = tuple(float(w) for w in self.weights.text().split())
            except ValueError:
                text = self.weights.text()
                raise ConfigError(
                    f"weights must be numbers separated by spaces: {text!r}"
                ) from None
        order = int(typed_number(self.max_order, self.max_order.value()))
        nltk = caps.has(Option.NLTK_ALPHA)
        return BleuConfig(
            compat=compat,
            tokenizer=self.tokenizer.currentData(),
            lowercase=self.lowercase.isChecked(),
            smoothing=method,
            smooth_value=value,
            max_order=len(weights) if weights else order,
            weights=weights,
            effective_order=self.effective.currentData()
            if caps.has(Option.EFFECTIVE_ORDER)
            else None,
            nltk_alpha=typed_number(self.nltk_alpha, self.nltk_alpha.value())
            if nltk
            else NLTK_DEFAULT_ALPHA,
            nltk_k=typed_number(self.nltk_k, self.nltk_k.value())
            if nltk
            else NLTK_DEFAULT_K,
        )

    def _describes(self, config: BleuConfig) -> bool:
        """Whether the widgets already show `config`."""
        try:
            return self.current_config() == config
        except ConfigError:
            return False

    @staticmethod
    def _put(spin: QDoubleSpinBox | QSpinBox, value: float) -> None:
        """Show `value`, unless the user is typing in `spin`."""
        if spin.hasFocus():
            return
        if isinstance(spin, QSpinBox):
            spin.setValue(int(value))
        else:
            spin.setValue(value)

    # --- what the mode offers ---------------------------------------------------------

    def _show_mode(self, caps: Capabilities) -> None:
        """Menus, rows, labels and tooltips as the mode `caps` has them."""
        self._mode = caps.compat
        self.smoothing.clear()
        for method in caps.smoothings:
            self.smoothing.addItem(method.value, method)
            self.smoothing.setItemData(
                self.smoothing.count() - 1,
                SMOOTHING_HELP[method],
                Qt.ItemDataRole.ToolTipRole,
            )
        self.smoothing.setToolTip(
            f"How {caps.name} scores an order with no matching n-gram:\n"
            + "\n".join(f"• {SMOOTHING_HELP[m]}" for m in caps.smoothings)
        )
        self.effective.clear()
        for label, value in effective_order_choices(caps):
            self.effective.addItem(label, value)
        self.effective.setToolTip(_effective_order_help(caps))
        name = caps.effective_order_name
        self._set_label(
            self.effective,
            "Effective order" if name == "effective order" else "Auto-reweigh",
        )
        self._set_label(self.smooth_value, caps.smooth_value_name.capitalize())
        orders = caps.max_order_range
        top = _ORDER_TOP if orders.maximum is None else int(orders.maximum)
        self.max_order.setRange(int(orders.minimum), top)
        tokenizers = available_tokenizers(caps.own_tokenizers)
        self.tokenizer.clear()
        for tokenizer in tokenizers:
            self.tokenizer.addItem(tokenizer, tokenizer)
            self.tokenizer.setItemData(
                self.tokenizer.count() - 1,
                TOKENIZER_HELP.get(tokenizer, tokenizer),
                Qt.ItemDataRole.ToolTipRole,
            )
        if caps.fixed_tokenizer is not None:
            self.tokenizer.setToolTip(
                f"{caps.name} reads text that is already tokenized: tokenizer "
                f"{caps.fixed_tokenizer!r}."
            )
        else:
            self.tokenizer.setToolTip(
                "How sentences are cut into words before n-grams are counted.\n"
                + "\n".join(f"• {TOKENIZER_HELP.get(n, n)}" for n in tokenizers)
            )
        for option, widget in self._rows.items():
            self._form.setRowVisible(widget, caps.has(option))
        self._form.setRowVisible(self.tokenizer, True)

    def _set_label(self, field: QWidget, text: str) -> None:
        label = self._form.labelForField(field)
        if isinstance(label, QLabel):
            label.setText(text)

    def _update_enabled(self) -> None:
        caps = CAPABILITIES[Compat(self.compat.currentData())]
        method = Smoothing(self.smoothing.currentData())
        takes_value = caps.takes_value(method)
        self.smooth_value.setEnabled(takes_value)
        self.smooth_value.setToolTip(
            f"The value of {SMOOTHING_HELP[method]}"
            if takes_value
            else f"{method.value} takes no value."
        )
        self.tokenizer.setEnabled(caps.fixed_tokenizer is None)
        self.max_order.setEnabled(
            caps.has(Option.MAX_ORDER)
            and not (caps.has(Option.WEIGHTS) and self.weights.text().strip())
        )

    # --- user changes --------------------------------------------------------------

    def _on_compat_changed(self) -> None:
        """Show the chosen mode's own options: its last choice or its defaults."""
        if self._updating:
            return
        compat = Compat(self.compat.currentData())
        self.set_config(self._chosen.get(compat, BleuConfig(compat=compat)))
        self._emit()

    def _on_smoothing_changed(self) -> None:
        if self._updating:
            return
        caps = CAPABILITIES[Compat(self.compat.currentData())]
        method = Smoothing(self.smoothing.currentData())
        if caps.takes_value(method):
            self.smooth_value.blockSignals(True)
            self.smooth_value.setValue(float(caps.smooth_values[method]))
            self.smooth_value.blockSignals(False)
        self._update_enabled()
        self._emit()

    def _on_typed(self) -> None:
        """A key was typed in a field: commit once the typing pauses."""
        self.typing_pause.start()

    def _emit(self) -> None:
        if self._updating:
            return
        self.typing_pause.stop()
        self._update_enabled()
        try:
            config = self.current_config()
        except ConfigError as error:
            self.problem.setText(str(error))
            self.problem.show()
            return
        self.problem.hide()
        self._chosen[config.compat] = config
        self.config_requested.emit(config)
