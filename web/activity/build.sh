#!/bin/sh
# Builds the Activity page into bot/activity/static, which the Go binary
# embeds (go:embed): run it (or `go generate ./bot/activity`) after
# changing web/activity/src, and commit the output. Needs node and npm;
# `go build`, `go run` and `go test` do not.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../../bot/activity/static"
cd "$here"
[ -d node_modules ] || npm ci --no-audit --no-fund
mkdir -p "$out"
./node_modules/.bin/esbuild src/main.js --bundle --minify --format=iife --target=es2020 \
  --legal-comments=eof --outfile="$out/app.js"
cp src/index.html src/app.css "$out/"
# What the output was built from, so a Go test (bot/activity) notices
# sources changed without a rebuild, no Node needed.
(cd "$here" && sha256sum package-lock.json src/* | LC_ALL=C sort -k2) > "$out/sources.sha256"
