# Parlour production image: slim Python, non-root, SQLite on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PARLOUR_DATABASE=/data/parlour.sqlite3

# FriBiDi lets Pillow's bundled raqm lay out right-to-left names (Arabic, Hebrew) as the
# test machines do; without it the letters come out unjoined and in reverse order.
RUN apt-get update \
    && apt-get install -y --no-install-recommends libfribidi0 \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY pyproject.toml setup.py README.md ./
COPY bot ./bot
COPY engine ./engine
COPY renderers ./renderers
COPY cogs ./cogs
COPY docs ./docs
# gcc builds the FreeCell solver's move generator (engine/_freecell.c) and goes again after.
# The bot runs from /app, whose engine/ is the one imported (not the installed copy): the module
# built into site-packages is copied there (over any the build context brought).
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && pip install --no-cache-dir . \
    && cp "$(cd / && python -c 'import engine._freecell as m; print(m.__file__)')" engine/ \
    && apt-get purge -y gcc libc6-dev && apt-get autoremove -y \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /app parlour \
    && mkdir -p /data && chown parlour /data

USER parlour
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
