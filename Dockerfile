# Parlour production image: slim Python, non-root, SQLite on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PARLOUR_DATABASE=/data/parlour.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engine ./engine
COPY renderers ./renderers
COPY cogs ./cogs
COPY docs ./docs
RUN pip install --no-cache-dir . \
    && useradd --system --uid 10001 --home-dir /app parlour \
    && mkdir -p /data && chown parlour /data

USER parlour
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
