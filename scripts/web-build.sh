#!/bin/sh
# Build the page of `make web` into $WEB (default build/web): the engine
# as WebAssembly (emcc, Debian's emscripten), the models, mapping tables
# and the kernel's LKMM files in its virtual file system, the examples,
# @viz-js/viz vendored by npm into build/web-npm (never committed).
#
#   sh scripts/web-build.sh OBJ...     (the emcc objects, from the Makefile)
set -eu
BUILD=${BUILD:-build}
WEB=${WEB:-$BUILD/web}
EMCC=${EMCC:-emcc}
SHARED=${SHARED:-../shared}
CATALOGUE=${CATALOGUE:-$SHARED/conformance/bpf-catalogue}
mkdir -p "$WEB"
# emcc's JavaScript tools need Debian's node-acorn, in /usr/share/nodejs,
# where Debian's node looks and a node from elsewhere does not.
export NODE_PATH=${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs

# The kernel's tools/memory-model, extracted from the Debian tarball into
# the cache outside the repository (scripts/lkmm-tree.sh).
lkmm=$(sh scripts/lkmm-tree.sh) || lkmm=
[ -n "$lkmm" ] || echo "web: no kernel memory model (linux-source-6.12): the page has no LKMM" >&2
stage=$BUILD/web-fs
rm -rf "$stage"; mkdir -p "$stage/models/lib" "$stage/mappings" "$stage/lkmm"
cp models/*.cat "$stage/models/"; cp models/lib/*.cat "$stage/models/lib/"
[ -z "$(ls models/*.bell 2>/dev/null)" ] || cp models/*.bell "$stage/models/"
cp mappings/* "$stage/mappings/"
if [ -n "$lkmm" ]; then
	for f in linux-kernel.cat linux-kernel.bell linux-kernel.cfg linux-kernel.def lock.cat; do
		cp "$lkmm/$f" "$stage/lkmm/"
	done
fi

# One thread, no fork: -j N runs the tests one after the other (a worker
# thread that cannot start is run in the caller, src/kit/parallel.c).
$EMCC -O2 "$@" -o "$WEB/bpfmm.js" -lm \
	-sMODULARIZE=1 -sEXPORT_NAME=createBpfmm -sINVOKE_RUN=0 -sEXIT_RUNTIME=1 \
	-sEXPORTED_RUNTIME_METHODS=callMain,FS -sALLOW_MEMORY_GROWTH=1 \
	-sTOTAL_STACK=67108864 -sINITIAL_MEMORY=134217728 -sENVIRONMENT=web,worker,node \
	--embed-file "$stage@/bpfmm"

python3 web/examples.py "$WEB/examples.json" models mappings "${lkmm:+$lkmm}" \
	"$( [ -d "$CATALOGUE/tests" ] && echo "$CATALOGUE" )"
cp web/index.html web/app.js web/worker.js web/style.css "$WEB/"

# @viz-js/viz from the npm registry, into build/web-npm.
npmdir=$BUILD/web-npm
mkdir -p "$npmdir"
cp web/package.json "$npmdir/"
if [ ! -f "$npmdir/node_modules/@viz-js/viz/dist/viz-global.js" ]; then
	(cd "$npmdir" && npm install --no-audit --no-fund --loglevel=error >/dev/null) || {
		echo "web: npm install failed (no graph drawing)" >&2; }
fi
if [ -f "$npmdir/node_modules/@viz-js/viz/dist/viz-global.js" ]; then
	cp "$npmdir/node_modules/@viz-js/viz/dist/viz-global.js" "$WEB/"
else
	echo 'window.Viz = { instance: () => Promise.reject(new Error("@viz-js/viz not installed")) };' >"$WEB/viz-global.js"
fi
echo "web: $WEB (open it with: make serve)"
