# The web app in a container: `docker build -t sequenza .` then see compose.yaml for two
# server processes behind a load balancer on one PostgreSQL database.
FROM python:3.11-slim

WORKDIR /srv/sequenza
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip install --no-cache-dir ".[web]" && useradd --system --home-dir /srv/sequenza sequenza \
    && chown sequenza /srv/sequenza
USER sequenza

# Every setting of `sequenza serve` also reads its SEQUENZA_* variable. Listening on every
# address, the server answers any Host until SEQUENZA_ALLOWED_HOSTS names the site (it warns);
# behind a proxy, SEQUENZA_TRUSTED_PROXIES names the proxy's address (see compose.yaml).
ENV SEQUENZA_HOST=0.0.0.0 \
    SEQUENZA_PORT=8000 \
    SEQUENZA_LOG_FORMAT=json
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s \
    CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/readyz')"
# SIGTERM lets moves in flight finish (uvicorn's graceful shutdown, then the app's own).
STOPSIGNAL SIGTERM
CMD ["sequenza", "serve"]
