# Multi-stage build: a static, CGO-free binary on a small non-root image.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/spindle ./cmd/spindle \
    && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/spindle /usr/local/bin/spindle
# The bbolt database lives on a volume; one container per database file.
COPY --from=build --chown=65532:65532 /out/data /data
VOLUME ["/data"]
WORKDIR /data
USER 65532:65532
# DISCORD_TOKEN comes from the environment (docker run -e DISCORD_TOKEN=...).
ENTRYPOINT ["/usr/local/bin/spindle"]
CMD ["run"]
