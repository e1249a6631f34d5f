/* output.c - herd7-compatible result blocks. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "kit/output.h"
#include "litmus/frontend.h"
#include "litmus/state.h"

void print_value(FILE *f, const litmus_test *t, value v)
{
	state_print_value(f, t, v);
}

static void print_obs(FILE *f, const litmus_test *t, const observable *o)
{
	state_print_obs(f, t, o);
}

/* Binary connectives print without parentheses unless a looser one sits
 * under a tighter one: \/ is loosest, then /\, then ~. */
static int prec(const prop *p)
{
	switch (p->kind) {
	case PROP_IMPLIES: return 0;
	case PROP_OR: return 1;
	case PROP_AND: return 2;
	default: return 3;
	}
}

static void print_sub(FILE *f, const litmus_test *t, const prop *p, int ctx)
{
	if (prec(p) < ctx) {
		fputc('(', f);
		print_prop(f, t, p);
		fputc(')', f);
	} else {
		print_prop(f, t, p);
	}
}

void print_prop(FILE *f, const litmus_test *t, const prop *p)
{
	switch (p->kind) {
	case PROP_TRUE: fputs("true", f); break;
	case PROP_FALSE: fputs("false", f); break;
	case PROP_ATOM:
		print_obs(f, t, &p->lhs);
		fputc('=', f);
		if (p->rhs_is_obs)
			print_obs(f, t, &p->rhs_obs);
		else
			print_value(f, t, p->rhs);
		break;
	case PROP_NOT:
		fputs("not (", f);
		print_prop(f, t, p->l);
		fputc(')', f);
		break;
	case PROP_AND:
	case PROP_OR:
	case PROP_IMPLIES:
		print_sub(f, t, p->l, prec(p) + (p->kind == PROP_IMPLIES));
		fputs(p->kind == PROP_AND ? " /\\ " : p->kind == PROP_OR ? " \\/ " : " => ", f);
		print_sub(f, t, p->r, prec(p) + 1);
		break;
	}
}

const char *observation_word(const check_result *res)
{
	long yes = res->pos, no = res->neg;

	/* as herd7 under -speedcheck: only executions that can decide the
	 * condition were counted, so one proves "Sometimes", none "Never"
	 * (exists, ~exists) or "Always" (forall) */
	if (res->speed != SPEED_FALSE)
		return res->quant == Q_FORALL ? (no ? "Sometimes" : "Always") : (yes ? "Sometimes" : "Never");
	if (yes == 0)
		return "Never";
	return no == 0 ? "Always" : "Sometimes";
}

/* herd prints a test called "X.litmus" in its header as "X" */
static int name_len(const char *name)
{
	size_t n = strlen(name);
	return n > 7 && !strcmp(name + n - 7, ".litmus") ? (int)n - 7 : (int)n;
}

void print_herd(FILE *f, const litmus_test *t, const check_result *res, bool show_time)
{
	int nl = name_len(t->name);

	static const char *const kind[] = { "Allowed", "Forbidden", "Required" };
	static const char *const quant[] = { "exists", "~exists", "forall" };
	/* herd counts witnesses of the quantified condition; the Observation
	 * line counts the proposition itself */
	long wpos = t->quant == Q_NOT_EXISTS ? res->neg : res->pos;
	long wneg = t->quant == Q_NOT_EXISTS ? res->pos : res->neg;

	fprintf(f, "Test %.*s %s\n", nl, t->name, kind[t->quant]);
	fprintf(f, "States %d\n", res->nstates);
	for (int s = 0; s < res->nstates; s++) {
		state_print(f, t, res->obs, res->nobs, NULL, res->states + (size_t)s * res->nobs);
		fputc('\n', f);
	}
	/* as herd7: "Loop" when a path went past the unrolling limit */
	fprintf(f, "%s%s\n", res->stats.loop ? "Loop " : "", res->ok ? "Ok" : "No");
	fprintf(f, "Witnesses\nPositive: %ld Negative: %ld\n", wpos, wneg);
	if (res->outcome_mode)
		fprintf(f, "Note %.*s: too many executions to count; witnesses count "
			"one allowed execution per rf choice and final-memory outcome\n", nl, t->name);
	for (int i = 0; i < res->nflags; i++)
		fprintf(f, "Flag %s\n", res->flags[i]);
	fprintf(f, "Condition %s (", quant[t->quant]);
	print_prop(f, t, t->cond);
	fputs(")\n", f);
	fprintf(f, "Observation %.*s %s %ld %ld\n", nl, t->name, observation_word(res), res->pos, res->neg);
	if (show_time)
		fprintf(f, "Time %.*s %.2f\n", nl, t->name, res->seconds);
	fputc('\n', f);
}

/* ---- JSON ---- */

static void json_string(FILE *f, const char *s, int len)
{
	fputc('"', f);
	for (int i = 0; i < len && s[i]; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

void json_quote(FILE *f, const char *s)
{
	json_string(f, s, (int)strlen(s));
}

/* a final state as a JSON string, in the States line's syntax (state.h) */
void json_state(FILE *f, const litmus_test *t, const observable *obs, int nobs,
		const litmus_test *vt, const value *row)
{
	char *st = state_string(t, obs, nobs, vt, row);

	json_string(f, st ? st : "", st ? (int)strlen(st) : 0);
	free(st);
}

/* ,"warnings":["FILE:LINE:COL: warning: ...",...] */
void json_field_warnings(FILE *f, const diag *d)
{
	json_field_warnings_more(f, d, NULL);
}

void json_field_warnings_more(FILE *f, const diag *d, const char *more)
{
	char line[1024];
	int n = 0;

	fputs(",\"warnings\":[", f);
	for (int i = 0; d && i < d->nwarn; i++) {
		if (d->wpos[i].line > 0)
			snprintf(line, sizeof line, "%s:%d:%d: warning: %s", d->file ? d->file : "<input>",
				 d->wpos[i].line, d->wpos[i].col, d->wmsg[i]);
		else
			snprintf(line, sizeof line, "%s: warning: %s", d->file ? d->file : "<input>", d->wmsg[i]);
		if (n++)
			fputc(',', f);
		json_string(f, line, (int)strlen(line));
	}
	if (more) {
		if (n)
			fputc(',', f);
		json_string(f, more, (int)strlen(more));
	}
	fputc(']', f);
}

void json_field_error(FILE *f, const char *file, const diag *d)
{
	char line[1024];

	if (d->pos.line > 0)
		snprintf(line, sizeof line, "%s:%d:%d: error: %s", d->file ? d->file : file,
			 d->pos.line, d->pos.col, d->msg);
	else
		snprintf(line, sizeof line, "%s: error: %s", d->file ? d->file : file, d->msg);
	fputs(",\"error\":", f);
	json_string(f, line, (int)strlen(line));
	/* the same, taken apart for scripts (no line: an error of the file) */
	if (d->pos.line > 0)
		fprintf(f, ",\"line\":%d,\"column\":%d", d->pos.line, d->pos.col);
	fputs(",\"message\":", f);
	json_string(f, d->msg, (int)strlen(d->msg));
}

void print_json_error(FILE *f, const char *file, const diag *d)
{
	fputs("{\"file\":", f);
	json_string(f, file, (int)strlen(file));
	json_field_error(f, file, d);
	json_field_warnings(f, d);
	fputs("}\n", f);
}

void print_json_timeout(FILE *f, const char *file, const litmus_test *t, double timeout,
			const diag *d)
{
	fputs("{\"file\":", f);
	json_string(f, file, (int)strlen(file));
	fputs(",\"test\":", f);
	json_string(f, t->name, name_len(t->name));
	fprintf(f, ",\"timeout\":%g", timeout);
	json_field_warnings(f, d);
	fputs("}\n", f);
}

void print_json(FILE *f, const char *file, const litmus_test *t, const check_result *res, const diag *d,
		const char *more_warning, bool show_time)
{
	static const char *const quant[] = { "exists", "~exists", "forall" };
	int nl = name_len(t->name);

	fputs("{\"file\":", f);
	json_string(f, file, (int)strlen(file));
	fputs(",\"test\":", f);
	json_string(f, t->name, nl);
	fputs(",\"states\":[", f);
	for (int s = 0; s < res->nstates; s++) {
		if (s)
			fputc(',', f);
		json_state(f, t, res->obs, res->nobs, NULL, res->states + (size_t)s * res->nobs);
	}
	fprintf(f, "],\"ok\":%s,\"loop\":%s,\"positive\":%ld,\"negative\":%ld,\"quantifier\":\"%s\",",
		res->ok ? "true" : "false", res->stats.loop ? "true" : "false", res->pos, res->neg,
		quant[t->quant]);
	fprintf(f, "\"observation\":\"%s\",\"witnesses_exact\":%s,\"flags\":[",
		observation_word(res), res->outcome_mode ? "false" : "true");
	for (int i = 0; i < res->nflags; i++) {
		if (i)
			fputc(',', f);
		json_string(f, res->flags[i], (int)strlen(res->flags[i]));
	}
	fputc(']', f);
	json_field_warnings_more(f, d, more_warning);
	if (show_time)
		fprintf(f, ",\"seconds\":%.6f", res->seconds);
	fputs("}\n", f);
}

void json_begin(FILE *f, const char *file)
{
	fputs("{\"file\":", f);
	json_string(f, file, (int)strlen(file));
}

void json_field(FILE *f, const char *key, const char *value)
{
	fputc(',', f);
	json_string(f, key, (int)strlen(key));
	fputc(':', f);
	if (value)
		json_string(f, value, (int)strlen(value));
	else
		fputs("null", f);
}

void json_field_state(FILE *f, const char *key, const litmus_test *t, const observable *obs, int nobs,
		      const litmus_test *vt, const value *row)
{
	fputc(',', f);
	json_string(f, key, (int)strlen(key));
	fputc(':', f);
	json_state(f, t, obs, nobs, vt, row);
}

void json_end(FILE *f)
{
	fputs("}\n", f);
	fflush(f);
}

/* ---- Graphviz ---- */

/* The source text of instruction insn of thread ti: its cell of the
 * thread grid (up to the next '|' or ';' at the end), or its line (C). */
/* line ln (from 1) of t's text or file into line (n bytes); false if none */
static bool source_line(const litmus_test *t, int ln, char *line, size_t n)
{
	if (t->text) {
		const char *p = t->text;
		for (int k = 1; k < ln && p; k++)
			if ((p = strchr(p, '\n')))
				p++;
		if (!p || !*p)
			return false;
		size_t len = strcspn(p, "\n");
		snprintf(line, n, "%.*s", (int)(len < n ? len : n - 1), p);
		return true;
	}
	FILE *f = t->path ? fopen(t->path, "r") : NULL;
	int k = 0;
	if (!f)
		return false;
	while (fgets(line, (int)n, f) && ++k < ln)
		;
	fclose(f);
	return k == ln;
}

void insn_text(const litmus_test *t, int ti, int insn, char *buf, size_t n)
{
	buf[0] = 0;
	if (ti < 0 || insn < 0 || n < 2)
		return;
	const ir_insn *in = &t->threads[ti].code[insn];
	char line[1024];
	if (!source_line(t, in->pos.line, line, sizeof line) || in->pos.col < 1
	    || (size_t)in->pos.col > strlen(line))
		return;
	const char *p = line + in->pos.col - 1;
	size_t len = strcspn(p, "|\r\n");
	while (len && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == ';'))
		len--;
	if (len >= n)
		len = n - 1;
	memcpy(buf, p, len);
	buf[len] = 0;
}

/* "R", "W", "RMW", "F" or "E" and, for an access, "x=1" / "x=0->1" */
static void event_access(FILE *f, const litmus_test *t, const witness *w, int e)
{
	const char *k = (w->kind[e] & EV_R) && (w->kind[e] & EV_W) ? "RMW" :
			(w->kind[e] & EV_R) ? "R" : (w->kind[e] & EV_W) ? "W" :
			w->sym[e] >= 0 ? "E" : "F";   /* E: located, no access (Sync-srcu) */
	fputs(k, f);
	if (w->sym[e] >= 0) {
		fprintf(f, " %s", t->syms[w->sym[e]]);
		if (w->kind[e] & EV_R) {
			fputc('=', f);
			print_value(f, t, w->rval[e]);
		}
		if (w->kind[e] & EV_W) {
			fputs(w->kind[e] & EV_R ? "->" : "=", f);
			print_value(f, t, w->wval[e]);
		}
	}
}

/* The event's tags as "AQ,X" (empty if none) */
static void event_tags(char *buf, size_t n, const litmus_test *t, const witness *w, int e)
{
	size_t len = 0;

	buf[0] = 0;
	if (!w->tags || !t->fe)
		return;
	for (int b = 0; b < t->fe->ntags && b < 32; b++)
		if ((w->tags[e] >> b) & 1)
			len += snprintf(buf + len, len < n ? n - len : 0, "%s%s", len ? "," : "",
					t->fe->tag_names[b]);
	if (len >= n)
		buf[n - 1] = 0;
}

void print_event(FILE *f, const litmus_test *t, const witness *w, int e)
{
	char tags[128], text[256];

	event_access(f, t, w, e);
	if (w->thread[e] < 0) {
		fputs(" (init)", f);
		return;
	}
	event_tags(tags, sizeof tags, t, w, e);
	if (tags[0])
		fprintf(f, " [%s]", tags);
	fprintf(f, " (P%d", t->threads[w->thread[e]].id);
	if (w->insn[e] >= 0) {
		insn_text(t, w->thread[e], w->insn[e], text, sizeof text);
		fprintf(f, " line %d", t->threads[w->thread[e]].code[w->insn[e]].pos.line);
		if (text[0])
			fprintf(f, ": %s", text);
	}
	fputc(')', f);
}

static void dot_text(FILE *f, const char *s, int n);

/* A node: access, tags, then line and instruction text. */
void dot_event(FILE *f, const litmus_test *t, const witness *w, int e, const char *extra)
{
	char tags[128], text[256];

	fprintf(f, "  e%d [label=\"", e);
	event_access(f, t, w, e);
	event_tags(tags, sizeof tags, t, w, e);
	if (tags[0])
		fprintf(f, " [%s]", tags);
	if (w->thread[e] < 0)
		fputs("\\ninit", f);
	if (w->insn[e] >= 0) {
		const ir_insn *in = &t->threads[w->thread[e]].code[w->insn[e]];
		fprintf(f, "\\nline %d", in->pos.line);
		insn_text(t, w->thread[e], w->insn[e], text, sizeof text);
		if (text[0]) {
			fputs(": ", f);
			dot_text(f, text, (int)strlen(text));
		}
	}
	fprintf(f, "\"%s];\n", extra ? extra : "");
}

/* r minus what r;r already implies: the edges worth drawing */
static bool immediate(const word *r, int w, int n, int a, int b)
{
	for (int c = 0; c < n; c++)
		if (c != a && c != b && rel_has(r, w, a, c) && rel_has(r, w, c, b))
			return false;
	return true;
}

/* s[0..n) inside a Graphviz "..." string: '"' and '\\' escaped, control
 * characters as blanks */
static void dot_text(FILE *f, const char *s, int n)
{
	for (int i = 0; i < n && s[i]; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\')
			fputc('\\', f);
		fputc(c < 0x20 ? ' ' : c, f);
	}
}

bool witness_fr(const witness *w, int a, int b)
{
	if (a == b || !(w->kind[a] & EV_R) || !(w->kind[b] & EV_W) || w->sym[a] != w->sym[b] || w->sym[a] < 0)
		return false;
	for (int c = 0; c < w->n; c++)
		if (rel_has(w->rf, w->w, c, a))
			return c != b && rel_has(w->co, w->w, c, b);
	return false;
}

void print_dot(FILE *f, const litmus_test *t, const check_result *res)
{
	const witness *w = &res->wit;
	int nl = name_len(t->name);

	fputs("digraph \"", f);
	dot_text(f, t->name, nl);
	fputs("\" {\n  label=\"", f);
	dot_text(f, t->name, nl);
	fprintf(f, ": %s execution\";\n  node [shape=box];\n",
		w->holds ? "an exists-satisfying" : "an allowed");
	if (!w->valid) {
		fputs("  none [label=\"no allowed execution\"];\n}\n", f);
		return;
	}
	for (int e = 0; e < w->n; e++)
		if (w->thread[e] < 0)
			dot_event(f, t, w, e, NULL);
	for (int ti = 0; ti < t->nthreads; ti++) {
		fprintf(f, "  subgraph cluster_P%d {\n  label=\"P%d\";\n", ti, ti);
		for (int e = 0; e < w->n; e++)
			if (w->thread[e] == ti)
				dot_event(f, t, w, e, NULL);
		fputs("  }\n", f);
	}
	for (int a = 0; a < w->n; a++)
		for (int b = 0; b < w->n; b++) {
			if (rel_has(w->po, w->w, a, b) && immediate(w->po, w->w, w->n, a, b))
				fprintf(f, "  e%d -> e%d [label=\"po\"];\n", a, b);
			if (rel_has(w->rf, w->w, a, b))
				fprintf(f, "  e%d -> e%d [label=\"rf\", color=red];\n", a, b);
			if (rel_has(w->co, w->w, a, b) && immediate(w->co, w->w, w->n, a, b))
				fprintf(f, "  e%d -> e%d [label=\"co\", color=blue];\n", a, b);
			if (witness_fr(w, a, b))
				fprintf(f, "  e%d -> e%d [label=\"fr\", color=darkorange, style=dashed];\n", a, b);
		}
	fputs("}\n", f);
}

/* ---- an execution as text ---- */

/* "init" or "P1:W x=1 (line 7)" for event e */
static void text_event_ref(FILE *f, const litmus_test *t, const witness *w, int e)
{
	if (w->thread[e] < 0) {
		fputs("init", f);
		return;
	}
	fprintf(f, "P%d", t->threads[w->thread[e]].id);
	if (w->insn[e] >= 0)
		fprintf(f, " line %d", t->threads[w->thread[e]].code[w->insn[e]].pos.line);
}

void print_execution(FILE *f, const litmus_test *t, const witness *w, const char *indent)
{
	if (!w->valid)
		return;
	for (int ti = 0; ti < t->nthreads; ti++) {
		fprintf(f, "%sP%d:", indent, t->threads[ti].id);
		const char *sep = " ";
		for (int e = 0; e < w->n; e++) {
			if (w->thread[e] != ti)
				continue;
			bool r = w->kind[e] & EV_R, wr = w->kind[e] & EV_W;
			fputs(sep, f);
			sep = "; ";
			if (w->sym[e] < 0) {
				fputs("F", f);
				continue;
			}
			fprintf(f, "%s %s", r && wr ? "RMW" : r ? "R" : "W", t->syms[w->sym[e]]);
			if (r) {
				fputc('=', f);
				print_value(f, t, w->rval[e]);
			}
			if (wr) {
				fputs(r ? "->" : "=", f);
				print_value(f, t, w->wval[e]);
			}
			if (r)
				for (int a = 0; a < w->n; a++)
					if (rel_has(w->rf, w->w, a, e)) {
						fputs(" from ", f);
						text_event_ref(f, t, w, a);
					}
		}
		fputc('\n', f);
	}
	/* coherence order per location: the writes by number of predecessors */
	for (int s = 0; s < t->nsyms; s++) {
		int nw = 0;
		for (int e = 0; e < w->n; e++)
			nw += w->sym[e] == s && (w->kind[e] & EV_W);
		if (nw < 2)
			continue;
		fprintf(f, "%sco %s:", indent, t->syms[s]);
		for (int rank = 0; rank < nw; rank++)
			for (int e = 0; e < w->n; e++) {
				if (w->sym[e] != s || !(w->kind[e] & EV_W))
					continue;
				int before = 0;
				for (int a = 0; a < w->n; a++)
					before += rel_has(w->co, w->w, a, e);
				if (before != rank)
					continue;
				fputs(rank ? ", " : " ", f);
				text_event_ref(f, t, w, e);
				fputc('=', f);
				print_value(f, t, w->wval[e]);
			}
		fputc('\n', f);
	}
}

int report_failure(bool json, const char *file, const diag *d, FILE *out, FILE *err)
{
	diag_fprint(err, d);
	if (json) {
		print_json_error(out, file, d);
		fflush(out);
	}
	return 1;
}
