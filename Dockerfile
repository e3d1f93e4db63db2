# syntax=docker/dockerfile:1
# Multi-stage build of sudokud: a static binary on a distroless base,
# running as a non-root user. Build: docker build -t sudokud .
# Run: docker run -p 8080:8080 sudokud   (configure with SUDOKU_* variables)

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 GOFLAGS=-buildvcs=false go build -trimpath -ldflags="-s -w" -o /out/sudokud ./cmd/sudokud

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/sudokud /sudokud
USER nonroot:nonroot
EXPOSE 8080
ENV SUDOKU_ADDR=:8080
ENTRYPOINT ["/sudokud"]
