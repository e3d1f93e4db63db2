# syntax=docker/dockerfile:1
# sudokud: a static binary on a distroless base, running as uid/gid 65532.
#
#   docker build --build-arg VERSION=$(git describe --always) \
#     --build-arg REVISION=$(git rev-parse HEAD) -t sudokud .
#   docker run -p 8080:8080 sudokud        (configure with SUDOKU_* variables)
#
# The base images are build arguments with fully qualified names, so that
# builders without a default registry (buildah, podman) resolve them, and
# CI can point them at locally assembled images (deploy/image-test.sh).
ARG GO_IMAGE=docker.io/library/golang:1.26
ARG RUNTIME_IMAGE=gcr.io/distroless/static-debian12:nonroot

FROM ${GO_IMAGE} AS build
ARG VERSION=devel
ARG REVISION=unknown
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# go build applies cmd/sudokud/default.pgo by itself (profile-guided,
# docs/pgo.md); the check fails the build if the profile was left out
# (by .dockerignore, say). sh only: CI's build image has no grep.
RUN CGO_ENABLED=0 GOFLAGS=-buildvcs=false go build -trimpath \
      -ldflags="-s -w -X main.version=${VERSION} -X main.revision=${REVISION}" \
      -o /out/sudokud ./cmd/sudokud \
 && case "$(go version -m /out/sudokud)" in *-pgo=*) ;; *) echo "sudokud: built without its profile" >&2; exit 1 ;; esac \
 && /out/sudokud -version

FROM ${RUNTIME_IMAGE}
ARG VERSION=devel
ARG REVISION=unknown
ARG CREATED=
LABEL org.opencontainers.image.title="sudokud" \
      org.opencontainers.image.description="HTTP JSON Sudoku service: generate at a chosen difficulty, rate like a human expert, solve fast" \
      org.opencontainers.image.source="https://github.com/sudokuhq/sudoku" \
      org.opencontainers.image.documentation="https://github.com/sudokuhq/sudoku/blob/main/docs/operations.md" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}"
COPY --from=build /out/sudokud /sudokud
# Numeric, so that Kubernetes can check runAsNonRoot without /etc/passwd.
USER 65532:65532
EXPOSE 8080 8081
ENV SUDOKU_ADDR=:8080 SUDOKU_ADMIN_ADDR=:8081
# The binary is its own health check: no shell or curl in the image.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["/sudokud", "-probe", "/healthz"]
# SIGTERM starts the drain (see docs/operations.md); give it
# SUDOKU_DRAIN_DELAY + SUDOKU_SHUTDOWN_TIMEOUT + 1 s before a SIGKILL.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/sudokud"]
