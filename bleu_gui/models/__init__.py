"""Qt models and session state: QtCore/QtGui only, never QtWidgets or views."""
