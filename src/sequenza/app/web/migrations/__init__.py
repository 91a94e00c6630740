"""The database schema's history, as Alembic migrations (``sequenza db upgrade`` runs them)."""
