#!/usr/bin/env bash
# The one entry point behind `npm start`, `npm test`, `npm run bench` and `pnpm formwell`:
# installs whatever is missing (Node >= 22.12, pnpm, the locked dependencies, redis-server), then
# runs the command. A second run installs nothing. Progress goes to stderr so stdout stays clean.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
NODE_VERSION="24.21.0"
PNPM_VERSION="12.21.0"
TOOLS="$ROOT/.tools"
export TURBO_TELEMETRY_DISABLED=1

say() { printf 'formwell: %s\n' "$*" >&2; }

node_is_recent() { # true when `node` on PATH is >= 22.12
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}

ensure_tools() {
  local wanted_node="" spec system_path="" dir tools_bin path_dirs
  # Judge the machine's own Node, not the one this script installed earlier (which may be on PATH
  # already when the script runs nested, or when a developer added .tools to their PATH). Entries
  # are compared by their real path: the same folder reached through a symlink is still ours, and
  # mistaking it for the system's Node would drop Node from the spec below and uninstall it.
  tools_bin="$(readlink -f "$TOOLS/node_modules/.bin" 2>/dev/null || printf '%s' "$TOOLS/node_modules/.bin")"
  IFS=: read -ra path_dirs <<< "$PATH"
  for dir in "${path_dirs[@]}"; do
    if [ "$(readlink -f "$dir" 2>/dev/null || printf '%s' "$dir")" != "$tools_bin" ]; then
      system_path="${system_path:+$system_path:}$dir"
    fi
  done
  # A Node installed here earlier stays, whatever PATH holds now: the shell running this script (or
  # its parent, `npm run` started by that Node) may be that very Node, and reinstalling pnpm without
  # it would delete the binary from under them.
  if ! PATH="$system_path" node_is_recent || [ -e "$TOOLS/node_modules/node/package.json" ]; then
    wanted_node="\"node\":\"$NODE_VERSION\","
  fi
  # npm refuses --allow-scripts for project installs; the allowScripts field is the supported way.
  spec="{\"private\":true,\"dependencies\":{${wanted_node}\"pnpm\":\"$PNPM_VERSION\"},\"allowScripts\":{\"node\":true,\"pnpm\":true}}"
  if [ "$(cat "$TOOLS/package.json" 2>/dev/null)" != "$spec" ] || [ ! -x "$TOOLS/node_modules/.bin/pnpm" ]; then
    command -v npm >/dev/null 2>&1 || { say "npm is missing: install Node.js (>= 20) with npm first"; exit 1; }
    say "installing ${wanted_node:+Node $NODE_VERSION and }pnpm $PNPM_VERSION into .tools/ ..."
    mkdir -p "$TOOLS"
    printf '%s' "$spec" > "$TOOLS/package.json"
    npm install --prefix "$TOOLS" --no-audit --no-fund --loglevel=error >&2
  fi
  export PATH="$TOOLS/node_modules/.bin:$PATH"
  node_is_recent || { say "Node >= 22.12 is needed and could not be installed"; exit 1; }
}

ensure_dependencies() {
  local stamp_file="$ROOT/node_modules/.formwell-install-stamp" stamp
  stamp="$(cat pnpm-lock.yaml pnpm-workspace.yaml | sha256sum | cut -d' ' -f1)-$(node -v)"
  if [ "$(cat "$stamp_file" 2>/dev/null)" != "$stamp" ]; then
    say "installing dependencies from the lockfile ..."
    pnpm install --frozen-lockfile --reporter=append-only >&2
    printf '%s' "$stamp" > "$stamp_file"
  fi
}

ensure_redis() {
  if [ -n "${REDIS_URL:-}" ] || command -v redis-server >/dev/null 2>&1; then return; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    say "installing redis-server with apt-get ..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server) >&2
    return
  fi
  say "redis-server is missing: install it (Debian/Ubuntu: sudo apt-get install redis-server) or set REDIS_URL"
  exit 1
}

# The browser tests drive Debian's Chromium through playwright-core (which cannot download a browser
# here). CHROMIUM_PATH points them at another build.
ensure_chromium() {
  local wanted="${CHROMIUM_PATH:-/usr/bin/chromium}"
  if [ -x "$wanted" ]; then return; fi
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    say "installing chromium with apt-get (for the browser tests) ..."
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >&2
    return
  fi
  say "chromium is missing: install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH"
  exit 1
}

# A .env at the root fills in what the environment leaves unset (variables already set win). Only
# named when it exists: Node prints a notice for a missing --env-file-if-exists file on every run.
env_file_args=()
if [ -f "$ROOT/.env" ]; then env_file_args=(--env-file="$ROOT/.env"); fi

command="${1:-}"
shift || true
case "$command" in
  start)
    ensure_tools; ensure_dependencies; ensure_redis
    # The processes npm start runs inherit what .env set.
    exec node "${env_file_args[@]}" scripts/start.mjs "$@"
    ;;
  test)
    ensure_tools
    # With any argument run-tests.mjs only prints its usage (--help) or refuses the argument, using
    # nothing but Node: asking how to run one package must not first install the dependencies,
    # redis-server and a browser.
    if [ $# -eq 0 ]; then ensure_dependencies; ensure_redis; ensure_chromium; fi
    exec node scripts/run-tests.mjs "$@"
    ;;
  bench)
    ensure_tools; ensure_dependencies; ensure_redis
    exec pnpm turbo run bench --concurrency=1 --output-logs=full "$@"
    ;;
  cli)
    ensure_tools; ensure_dependencies
    cd "$ROOT/apps/cli"
    exec node "${env_file_args[@]}" --import tsx --conditions=@formwell/source src/main.ts "$@"
    ;;
  *)
    say "usage: scripts/formwell.sh start|test|bench|cli [args]"
    exit 2
    ;;
esac
