"""Shared set-up of the Python tests.

The Ctrl-C tests send SIGINT to this process and expect ``KeyboardInterrupt``.
Python installs that handler only when SIGINT is not ignored at start-up, and a
process started in the background by a non-interactive shell (``cmd &``)
inherits SIGINT ignored; so the handler is installed here, whatever the test
runner inherited."""

import signal

signal.signal(signal.SIGINT, signal.default_int_handler)
