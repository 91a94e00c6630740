"""Front ends: the command line and terminal play (later the terminal app and web server)."""
