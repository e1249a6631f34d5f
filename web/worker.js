// worker.js - runs one bpfmm command in a fresh WebAssembly instance.
// The page posts {args, files, dotdir}; the worker answers {code, out,
// err, dots, ms}. A new instance per run: the CLI's main() runs once, as
// in a shell, and a cancelled run is ended by terminating this worker.
// The next run's instance is made while the worker is idle (after
// loading, and after each answer), so a click finds it ready; it is
// never used twice.
importScripts('bpfmm.js');

let wasmModule = null;   // compiled once, instantiated per run
let spare = null;        // the next run's instance (a promise), made while idle

async function compiled() {
	if (!wasmModule) {
		const r = await fetch('bpfmm.wasm');
		wasmModule = await WebAssembly.compile(await r.arrayBuffer());
	}
	return wasmModule;
}

// an instance whose output goes to sink.out / sink.err
async function instance() {
	const mod = await compiled();
	const sink = { out: [], err: [] };
	const M = await createBpfmm({
		noInitialRun: true,
		print: (s) => sink.out.push(s),
		printErr: (s) => sink.err.push(s),
		instantiateWasm: (imports, done) => {
			WebAssembly.instantiate(mod, imports).then((inst) => done(inst, mod));
			return {};
		},
	});
	return { M, sink };
}

function prepare() {
	spare = instance();
	spare.catch(() => { spare = null; });
}

onmessage = async (e) => {
	const job = e.data;
	let sink = { out: [], err: [] };
	try {
		const next = spare || instance();
		spare = null;
		const I = await next;
		const M = I.M;
		sink = I.sink;
		M.FS.mkdir('/test');
		M.FS.chdir('/test');
		for (const [name, text] of Object.entries(job.files || {}))
			M.FS.writeFile('/test/' + name, text);
		if (job.dotdir)
			M.FS.mkdir('/test/' + job.dotdir);
		const t0 = performance.now();
		let code;
		try {
			code = M.callMain(job.args);
		} catch (x) {
			code = x && typeof x.status === 'number' ? x.status : -1;
			if (code === -1)
				sink.err.push('bpfmm (wasm): ' + x);
		}
		const ms = performance.now() - t0;
		const dots = {};
		if (job.dotdir) {
			for (const f of M.FS.readdir('/test/' + job.dotdir))
				if (f.endsWith('.dot'))
					dots[f] = M.FS.readFile('/test/' + job.dotdir + '/' + f, { encoding: 'utf8' });
		}
		const { out, err } = sink;
		postMessage({ id: job.id, code, out: out.join('\n') + (out.length ? '\n' : ''),
			      err: err.join('\n') + (err.length ? '\n' : ''), dots, ms });
	} catch (x) {
		const { out, err } = sink;
		postMessage({ id: job.id, code: -1, out: out.join('\n'), err: err.join('\n') + '\nbpfmm (wasm): ' + x + '\n', dots: {}, ms: 0 });
	}
	prepare();
};

prepare();
