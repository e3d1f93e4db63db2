#!/usr/bin/env bash
# deploy/image-test.sh: build the repository's Dockerfile with buildah and
# run the image, with no Docker engine and no registry. CI calls it
# (.ci/run); it needs root, buildah, podman, runc, util-linux and curl.
#
#  1. Assemble two local base images, so nothing is pulled:
#     - localhost/sudoku-ci/golang: the installed Go toolchain, CA
#       certificates and a /bin/sh (dash and the libraries it links);
#     - localhost/sudoku-ci/static: scratch with CA certificates, /tmp and
#       a passwd/group entry for 65532 (what distroless :nonroot has).
#  2. buildah bud --isolation chroot --pull=never, the build arguments
#     GO_IMAGE and RUNTIME_IMAGE pointing at them. The host's Go module
#     and build caches are mounted into the build's RUN steps, so that
#     modules come from the cache or the module proxy and the compile is
#     warm; the Dockerfile itself is the one `docker build` uses.
#  3. Check the image's config: numeric user 65532:65532, OCI labels,
#     HEALTHCHECK, entrypoint.
#  4. Run it read-only as uid 65532 on the host network, with nofile and
#     nproc limits of 1024: with podman (runc) where the sandbox allows it,
#     else from the image's own root filesystem (buildah mount) bind-mounted
#     read-only in a private mount namespace and entered with
#     chroot --userspec=65532:65532. IMAGE_TEST_RUNNER=podman|chroot forces
#     one; the script says which ran.
#  5. Smoke-test over loopback: /healthz, /readyz, /solve, /generate,
#     the admin listener's /healthz, /readyz and /metrics (with the
#     stamped sudoku_build_info; none on the API port), and the image's own
#     health check (sudokud -probe) run inside the image.
#  6. SIGTERM: /readyz must turn 503 while /healthz still answers, and the
#     process must exit 0 within the drain delay plus the shutdown timeout.
#
# Everything lives in a temporary storage root, removed on exit.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf 'image-test: %s\n' "$*" >&2; }
die() { log "FAIL: $*"; exit 1; }

for tool in buildah podman runc unshare nsenter chroot prlimit curl go; do
	command -v "$tool" >/dev/null || die "$tool is not installed (see .ci/run)"
done
[ "$(id -u)" = 0 ] || die "run as root: buildah's chroot isolation and the chroot runner need it"

start=$(date +%s)
work=$(mktemp -d /tmp/sudoku-image-test.XXXXXX)
store=(--root "$work/storage" --runroot "$work/run" --storage-driver "${IMAGE_TEST_STORAGE_DRIVER:-overlay}")
bah() { buildah "${store[@]}" "$@"; }
pod() { podman "${store[@]}" --cgroup-manager cgroupfs --events-backend none "$@"; }

pid= cid= mnt= ctr=
cleanup() {
	set +e
	[ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null
	[ -n "$cid" ] && pod rm -f "$cid" >/dev/null 2>&1
	[ -n "$ctr" ] && bah rm "$ctr" >/dev/null 2>&1
	bah rm --all >/dev/null 2>&1
	# The storage may hold overlay mounts: unmount before removing.
	grep -o "$work[^ ]*" /proc/mounts | sort -r | xargs -r -n1 umount -l 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT

version=$(git describe --always --dirty 2>/dev/null || echo devel)
revision=$(git rev-parse HEAD 2>/dev/null || echo unknown)
goimage=localhost/sudoku-ci/golang:local
runtimeimage=localhost/sudoku-ci/static:local
image=localhost/sudokud:ci

# --- 1. base images ---------------------------------------------------
log "assembling $goimage from $(go env GOROOT) ($(go env GOVERSION))"
c=$(bah from scratch)
bah copy --quiet "$c" "$(go env GOROOT)" /usr/local/go
bah copy --quiet "$c" /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
# /bin/sh for the Dockerfile's RUN lines: dash and the libraries it links.
bah copy --quiet "$c" "$(readlink -f /bin/sh)" /bin/sh
for lib in $(ldd "$(readlink -f /bin/sh)" | grep -o '/[^ ]*'); do
	bah copy --quiet "$c" "$(readlink -f "$lib")" "$lib"
done
mkdir -m 1777 "$work/tmp"
bah copy --quiet "$c" "$work/tmp" /tmp
bah config --env PATH=/go/bin:/usr/local/go/bin:/bin --env GOPATH=/go --env HOME=/root \
	--env GOTOOLCHAIN=local --env "GOPROXY=$(go env GOPROXY)" "$c"
bah commit --quiet "$c" "$goimage" >/dev/null
bah rm "$c" >/dev/null

log "assembling $runtimeimage from scratch"
c=$(bah from scratch)
mkdir -p "$work/root/etc/ssl/certs" "$work/root/proc" "$work/root/dev" "$work/root/home/nonroot"
mkdir -m 1777 "$work/root/tmp"
cp /etc/ssl/certs/ca-certificates.crt "$work/root/etc/ssl/certs/"
printf 'root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n' >"$work/root/etc/passwd"
printf 'root:x:0:\nnonroot:x:65532:\n' >"$work/root/etc/group"
chown 65532:65532 "$work/root/home/nonroot"
bah copy --quiet "$c" "$work/root" /
bah config --user 65532:65532 --workingdir /home/nonroot "$c"
bah commit --quiet "$c" "$runtimeimage" >/dev/null
bah rm "$c" >/dev/null

# --- 2. build -------------------------------------------------------------
log "building $image ($version, $revision) with buildah bud --isolation chroot --pull=never"
modcache=$(go env GOMODCACHE) gocache=$(go env GOCACHE)
mkdir -p "$modcache" "$gocache"
bah bud --quiet --isolation chroot --pull=never --format docker --layers=false \
	--build-arg "GO_IMAGE=$goimage" --build-arg "RUNTIME_IMAGE=$runtimeimage" \
	--build-arg "VERSION=$version" --build-arg "REVISION=$revision" \
	--build-arg "CREATED=$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
	-v "$modcache:/go/pkg/mod" -v "$gocache:/root/.cache/go-build" \
	-t "$image" . >/dev/null
built=$(date +%s)
log "built in $((built - start)) s"

# --- 3. image config --------------------------------------------------------
inspect() { bah inspect --type image --format "$1" "$image"; }
[ "$(inspect '{{.Docker.Config.User}}')" = "65532:65532" ] || die "image user is $(inspect '{{.Docker.Config.User}}'), want 65532:65532"
[ "$(inspect '{{index .Docker.Config.Labels "org.opencontainers.image.revision"}}')" = "$revision" ] || die "OCI revision label missing"
[ "$(inspect '{{index .Docker.Config.Labels "org.opencontainers.image.version"}}')" = "$version" ] || die "OCI version label missing"
inspect '{{.Docker.Config.Healthcheck.Test}}' | grep -q -- '-probe' || die "no HEALTHCHECK using sudokud -probe"
[ "$(inspect '{{.Docker.Config.Entrypoint}}')" = "[/sudokud]" ] || die "entrypoint is $(inspect '{{.Docker.Config.Entrypoint}}')"
log "image config: user 65532:65532, OCI labels, HEALTHCHECK $(inspect '{{.Docker.Config.Healthcheck.Test}}')"

# --- 4. run ---------------------------------------------------------------------
# The shutdown timeout must exceed sudokud's write timeout (18 s by default).
drain_delay=3 shutdown_timeout=20
env=(SUDOKU_ADDR=127.0.0.1:0 SUDOKU_ADMIN_ADDR=127.0.0.1:0 SUDOKU_DRAIN_DELAY=${drain_delay}s SUDOKU_SHUTDOWN_TIMEOUT=${shutdown_timeout}s
	SUDOKU_DAILY_SALT=image-test SUDOKU_RATE_LIMIT=0 SUDOKU_LOG_LEVEL=info)
out="$work/sudokud.log"
runner=${IMAGE_TEST_RUNNER:-}

start_podman() {
	local envflags=() e
	for e in "${env[@]}"; do envflags+=(-e "$e"); done
	cid=$(pod run -d --runtime runc --network host --read-only --user 65532:65532 \
		--ulimit nofile=1024:1024 --ulimit nproc=1024:1024 --pull never \
		"${envflags[@]}" "$image" 2>"$work/podman.err") || { cid=; return 1; }
}

start_chroot() {
	ctr=$(bah from --pull=never "$image")
	mnt=$(bah mount "$ctr")
	# A private mount namespace: the root filesystem bind-mounted on itself
	# read-only, /proc for the process metrics; then the limits, then
	# chroot as 65532:65532, every step an exec so that $pid is sudokud.
	chroot=$(command -v chroot) unshare --mount --propagation private -- /bin/sh -c '
		root=$1; shift
		mount --bind "$root" "$root" && mount -o remount,bind,ro "$root" && mount -t proc proc "$root/proc" &&
		exec prlimit --nofile=1024:1024 --nproc=1024:1024 -- env -i "$@" "$chroot" --userspec=65532:65532 "$root" /sudokud' \
		sh "$mnt" "${env[@]}" >"$out" 2>&1 &
	pid=$!
}

# in_image runs a command inside the running image (the health check).
in_image() {
	if [ -n "$cid" ]; then
		pod exec "$cid" "$@"
	else
		nsenter --target "$pid" --mount -- chroot --userspec=65532:65532 "$mnt" "$@"
	fi
}

if [ "$runner" != chroot ] && start_podman; then
	runner=podman
	log "running with podman --runtime runc --network host --read-only --user 65532:65532 --ulimit nofile=1024:1024 --ulimit nproc=1024:1024"
elif [ "$runner" = podman ]; then
	die "podman refused: $(cat "$work/podman.err")"
else
	[ -s "$work/podman.err" ] && log "podman refused ($(tail -1 "$work/podman.err")); falling back to chroot"
	runner=chroot
	start_chroot
	log "running from the image's root filesystem ($mnt) read-only in a private mount namespace: prlimit nofile/nproc 1024, chroot --userspec=65532:65532 /sudokud"
fi

addr=
for _ in $(seq 300); do
	if [ -n "$cid" ]; then pod logs "$cid" >"$out" 2>&1 || true; fi
	addr=$(grep -o '"msg":"listening","addr":"[^"]*"' "$out" 2>/dev/null | sed 's/.*"addr":"//; s/"$//') || true
	[ -n "$addr" ] && break
	if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then break; fi
	sleep 0.1
done
[ -n "$addr" ] || { cat "$out" >&2; die "sudokud did not log its address within 30 s"; }
base=http://$addr
admin_addr=$(grep -o '"msg":"admin listening","addr":"[^"]*"' "$out" | sed 's/.*"addr":"//; s/"$//') || true
[ -n "$admin_addr" ] || { cat "$out" >&2; die "sudokud logged no admin listener address"; }
admin=http://$admin_addr
log "sudokud listening on $addr, admin listener on $admin_addr"

# --- 5. smoke test --------------------------------------------------------
get() { curl -fsS --max-time 30 "$@"; }
for _ in $(seq 300); do get -o /dev/null "$base/readyz" 2>/dev/null && break; sleep 0.1; done
get "$base/healthz" >/dev/null || die "/healthz"
get "$base/readyz" >/dev/null || die "/readyz not ready within 30 s"
puzzle=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
solution=417369825632158947958724316825437169791586432346912758289643571573291684164875293
get -H 'Content-Type: application/json' -d "{\"puzzle\":\"$puzzle\"}" "$base/solve" | grep -q "\"solution\":\"$solution\"" || die "/solve did not return the solution"
get "$base/generate?level=easy" | grep -q '"puzzle":"' || die "/generate returned no puzzle"
get "$admin/healthz" >/dev/null || die "admin /healthz"
get "$admin/readyz" >/dev/null || die "admin /readyz"
[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$base/metrics")" = 404 ] || die "/metrics is served on the API's port"
get "$admin/metrics" >"$work/metrics"
# the solver path the engine picks on this processor, read independently
# of its CPUID check: the assembly port's AVX-512 body where the kernel
# lists the set it needs, its AVX2 body where it lists AVX2 and BMI1, else
# the band words
flags=$(grep -m1 '^flags' /proc/cpuinfo || true)
has() { for f in "$@"; do case " $flags " in *" $f "*) ;; *) return 1 ;; esac; done; }
solver=scalar
if has avx512f avx512bw avx512vl avx512_bitalg; then solver=avx512; elif has avx2 bmi1; then solver=avx2; fi
grep -q "^sudoku_build_info{goversion=\"[^\"]*\",revision=\"$revision\",solver=\"$solver\",version=\"$version\"} 1$" "$work/metrics" ||
	die "/metrics has no sudoku_build_info for $version $revision with solver $solver"
grep -q '^sudoku_http_requests_total{code="200",method="POST",route="/solve"} 1$' "$work/metrics" || die "/metrics did not count the /solve"
p=$(if [ -n "$cid" ]; then pod inspect --format '{{.State.Pid}}' "$cid"; else echo "$pid"; fi)
uid=$(awk '/^Uid:/ {print $2}' "/proc/$p/status")
[ "$uid" = 65532 ] || die "sudokud runs as uid $uid, want 65532"
rootopts=$(awk '$5 == "/" {print $6}' "/proc/$p/mountinfo" | tail -1)
case $rootopts in ro,* | ro) ;; *) die "sudokud's root filesystem is mounted $rootopts, want ro" ;; esac
grep -Eq '^Max open files +1024 +1024 ' "/proc/$p/limits" || die "nofile limit is not 1024"
grep -Eq '^Max processes +1024 +1024 ' "/proc/$p/limits" || die "nproc limit is not 1024"
in_image /sudokud -version | grep -qF "sudokud $version (revision $revision" || die "sudokud -version in the image"
# The HEALTHCHECK's own form (a bare path, on the -admin-addr port), and a URL.
in_image /sudokud -admin-addr "$admin_addr" -probe /healthz >/dev/null || die "the image's health check (sudokud -probe /healthz) failed"
in_image /sudokud -probe "$base/healthz" >/dev/null || die "sudokud -probe $base/healthz failed"
if in_image /sudokud -probe "$base/nope" >/dev/null 2>&1; then die "sudokud -probe passed on a 404"; fi
log "smoke test passed: /healthz /readyz /solve /generate, admin /healthz /readyz /metrics (none on the API port); uid $uid, root $rootopts, nofile/nproc 1024; -version and -probe in the image"

# --- 6. SIGTERM drains and exits 0 ------------------------------------------
# Within the drain delay the server reports not ready (so balancers stop
# sending) yet still answers; then it drains and exits 0.
limit=$((drain_delay + shutdown_timeout + 5)) # + the listener's stop (2 s), the keep-alive grace and cancelGrace (1 s each), + 1
t0=$(date +%s)
if [ -n "$cid" ]; then pod kill --signal TERM "$cid" >/dev/null; else kill -TERM "$pid"; fi
ready=
for _ in $(seq $((drain_delay * 10))); do
	ready=$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "$base/readyz") || true
	[ "$ready" = 503 ] && break
	sleep 0.1
done
[ "$ready" = 503 ] || die "/readyz answered $ready during the drain delay, want 503"
get "$base/healthz" >/dev/null || die "/healthz failed during the drain delay"
[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "$admin/readyz")" = 503 ] || die "admin /readyz did not answer 503 during the drain delay"
if [ -n "$cid" ]; then
	status=$(timeout "$limit" podman "${store[@]}" wait "$cid") || die "no exit within $limit s of SIGTERM"
	pod logs "$cid" >"$out" 2>&1
else
	status=0
	timeout "$limit" tail --pid="$pid" -f /dev/null || die "no exit within $limit s of SIGTERM"
	wait "$pid" || status=$?
	pid=
fi
[ "$status" = 0 ] || { cat "$out" >&2; die "exit status $status after SIGTERM, want 0"; }
grep -q '"msg":"stopped"' "$out" || die "no 'stopped' log line after SIGTERM"
log "SIGTERM: /readyz 503 and /healthz 200 while draining, exit 0 after $(($(date +%s) - t0)) s (limit $limit s)"
log "PASS with runner $runner in $(($(date +%s) - start)) s"
