"""Which BLEU: the scoring options as widgets, mapped to and from a `BleuConfig`.

The panel only maps widgets to a config and back. Each change builds a new config
at once; the core validates it, and a combination the mode refuses is shown under
the controls in the core's own words instead of being sent.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
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
from bleu_gui.core.config import DEFAULT_TOKENIZER, SMOOTHINGS, Smoothing
from bleu_gui.core.tokenize import available_tokenizers

__all__ = ["SettingsPanel"]

_EFFECTIVE = {
    "sacreBLEU default (corpus: off, sentences: on)": None,
    "on": True,
    "off": False,
}
_TAKES_VALUE = {
    (Compat.SACREBLEU, Smoothing.FLOOR): 0.1,
    (Compat.SACREBLEU, Smoothing.ADD_K): 1.0,
    (Compat.NLTK, Smoothing.METHOD1): 0.1,
}


class SettingsPanel(QWidget):
    """Controls for every scoring option.

    Signals:
        config_requested: a valid `BleuConfig` the user asked for.
    """

    config_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._updating = False
        self.compat = QComboBox()
        for compat in Compat:
            self.compat.addItem(compat.label, compat)
        self.tokenizer = QComboBox()
        for name in available_tokenizers():
            self.tokenizer.addItem(name, name)
        self.lowercase = QCheckBox("Lowercase")
        self.smoothing = QComboBox()
        self.smooth_value = QDoubleSpinBox()
        self.smooth_value.setDecimals(3)
        self.smooth_value.setRange(0.0, 100.0)
        self.smooth_value.setSingleStep(0.05)
        self.max_order = QSpinBox()
        self.max_order.setRange(1, 12)
        self.weights = QLineEdit()
        self.weights.setPlaceholderText("uniform, e.g. 0.25 0.25 0.25 0.25")
        self.effective = QComboBox()
        for label, value in _EFFECTIVE.items():
            self.effective.addItem(label, value)
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
        form.addRow("Weights (NLTK)", self.weights)
        form.addRow("Effective order", self.effective)
        form.addRow(self.problem)
        self._form = form
        self._connect_signals()
        self.set_config(BleuConfig())

    def _connect_signals(self) -> None:
        self.compat.currentIndexChanged.connect(self._on_compat_changed)
        self.tokenizer.currentIndexChanged.connect(self._emit)
        self.lowercase.toggled.connect(self._emit)
        self.smoothing.currentIndexChanged.connect(self._on_smoothing_changed)
        self.smooth_value.valueChanged.connect(self._emit)
        self.max_order.valueChanged.connect(self._emit)
        self.weights.editingFinished.connect(self._emit)
        self.effective.currentIndexChanged.connect(self._emit)

    def set_config(self, config: BleuConfig) -> None:
        """Show `config` in the widgets (without emitting)."""
        self._updating = True
        try:
            self.compat.setCurrentIndex(self.compat.findData(config.compat))
            self._fill_smoothings(config.compat)
            index = self.tokenizer.findData(config.tokenizer_name)
            self.tokenizer.setCurrentIndex(max(index, 0))
            self.lowercase.setChecked(config.lowercase)
            self.smoothing.setCurrentIndex(
                self.smoothing.findData(config.smoothing_method)
            )
            value = config.effective_smooth_value
            self.smooth_value.setValue(float(value) if value is not None else 0.0)
            self.max_order.setValue(config.order)
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
        """The config the widgets describe.

        Raises:
            ConfigError: if the mode refuses the combination (the message says why).
        """
        compat = Compat(self.compat.currentData())
        method = Smoothing(self.smoothing.currentData())
        value = self.smooth_value.value() if (compat, method) in _TAKES_VALUE else None
        weights = None
        if compat is Compat.NLTK and self.weights.text().strip():
            try:
                weights = tuple(float(w) for w in self.weights.text().split())
            except ValueError:
                text = self.weights.text()
                raise ConfigError(
                    f"weights must be numbers separated by spaces: {text!r}"
                ) from None
        return BleuConfig(
            compat=compat,
            tokenizer=self.tokenizer.currentData(),
            lowercase=self.lowercase.isChecked(),
            smoothing=method,
            smooth_value=value,
            max_order=len(weights) if weights else self.max_order.value(),
            weights=weights,
            effective_order=self.effective.currentData()
            if compat in (Compat.SACREBLEU, Compat.NLTK)
            else None,
        )

    def _fill_smoothings(self, compat: Compat) -> None:
        self.smoothing.blockSignals(True)
        self.smoothing.clear()
        for method in SMOOTHINGS[compat]:
            self.smoothing.addItem(method.value, method)
        self.smoothing.blockSignals(False)

    def _on_compat_changed(self) -> None:
        if self._updating:
            return
        compat = Compat(self.compat.currentData())
        self._updating = True
        self._fill_smoothings(compat)
        # A mode's own defaults: multi-bleu.perl and NLTK read pre-tokenized text.
        self.tokenizer.setCurrentIndex(
            max(self.tokenizer.findData(DEFAULT_TOKENIZER[compat]), 0)
        )
        if compat is Compat.MULTI_BLEU:
            self.max_order.setValue(4)
        self._set_default_value()
        self._updating = False
        self._update_enabled()
        self._emit()

    def _on_smoothing_changed(self) -> None:
        if self._updating:
            return
        self._set_default_value()
        self._update_enabled()
        self._emit()

    def _set_default_value(self) -> None:
        key = (
            Compat(self.compat.currentData()),
            Smoothing(self.smoothing.currentData()),
        )
        if key in _TAKES_VALUE:
            self.smooth_value.blockSignals(True)
            self.smooth_value.setValue(_TAKES_VALUE[key])
            self.smooth_value.blockSignals(False)

    def _update_enabled(self) -> None:
        compat = Compat(self.compat.currentData())
        method = Smoothing(self.smoothing.currentData())
        self.smooth_value.setEnabled((compat, method) in _TAKES_VALUE)
        self.weights.setEnabled(compat is Compat.NLTK)
        self.effective.setEnabled(compat in (Compat.SACREBLEU, Compat.NLTK))
        self.tokenizer.setEnabled(compat is not Compat.MULTI_BLEU)
        self.max_order.setEnabled(
            compat is not Compat.MULTI_BLEU
            and not (compat is Compat.NLTK and self.weights.text().strip())
        )

    def _emit(self) -> None:
        if self._updating:
            return
        self._update_enabled()
        try:
            config = self.current_config()
        except ConfigError as error:
            self.problem.setText(str(error))
            self.problem.show()
            return
        self.problem.hide()
        self.config_requested.emit(config)
