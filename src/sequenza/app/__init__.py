"""Front ends: the command line, terminal play and the web app (``web``)."""
