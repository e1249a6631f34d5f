/* report.c - the verdict record of the map-like commands (report.h). */
#include <string.h>
#include "kit/report.h"
#include "kit/output.h"

static const char *const verdict_words[REPORT_NVERDICTS] = {
	"sound", "sound-stronger", "unsound", "refused", "unsupported", "unchecked",
};

void report_count(report_tally *t, const char *verdict)
{
	for (int k = 0; t && k < REPORT_NVERDICTS; k++)
		if (!strcmp(verdict, verdict_words[k]))
			atomic_fetch_add(&t->verdicts[k], 1);
}

void report_count_error(report_tally *t)
{
	if (t)
		atomic_fetch_add(&t->errors, 1);
}

void report_summary(FILE *out, const char *what, int tests, report_tally *t)
{
	int r = 0;

	for (int k = 0; k < REPORT_NVERDICTS; k++)
		r += atomic_load(&t->verdicts[k]);
	fprintf(out, "%s: %d tests, %d verdicts:", what, tests, r);
	for (int k = 0; k < REPORT_NVERDICTS; k++)
		fprintf(out, "%s %d %s", k ? "," : "", atomic_load(&t->verdicts[k]), verdict_words[k]);
	fprintf(out, "; %d errors\n", atomic_load(&t->errors));
	fflush(out);
}

static void text_line(FILE *out, const verdict_record *v)
{
	fprintf(out, "%s %s", v->word, v->test);
	if (v->arch)
		fprintf(out, " %s", v->arch);
	if (v->mapping)
		fprintf(out, " %s", v->mapping);
	if (v->mcpu)
		fprintf(out, " mcpu=%s idioms=%s", v->mcpu, v->idioms);
	if (v->kind == REPORT_LKMM)
		fprintf(out, " LKMM=%s %s=%s", v->lkmm, v->target_key, v->target ? v->target : "-");
	fprintf(out, " %s", v->verdict);
	if (v->cls)
		fprintf(out, " %s", v->cls);
	if (v->reason || (v->state && v->state_as_reason))
		fprintf(out, " (%s)", v->reason ? v->reason : v->state);
	if (v->state && v->state_in_text)
		fprintf(out, " %s", v->state);
	if (v->show_classes && v->classes && v->classes[0])
		fprintf(out, " classes=%s", v->classes);
	fputc('\n', out);
	if (v->execution)
		fputs(v->execution, out);
	fflush(out);
}

/* ,"classes":["a","b"] from "a,b" */
static void json_classes(FILE *out, const char *classes)
{
	fputs(",\"classes\":[", out);
	for (const char *s = classes ? classes : ""; *s;) {
		size_t n = strcspn(s, ",");
		fprintf(out, "%s\"%.*s\"", s == classes ? "" : ",", (int)n, s);
		s += n + (s[n] == ',');
	}
	fputc(']', out);
}

void report_verdict(FILE *out, bool json, const char *file, const verdict_record *v)
{
	report_count(v->tally, v->verdict);
	if (!json) {
		text_line(out, v);
		return;
	}
	bool map = v->kind == REPORT_MAP;
	json_begin(out, file);
	json_field(out, "test", v->test);
	if (map)
		json_field(out, "arch", v->arch);
	if (map || v->mapping)
		json_field(out, "mapping", v->mapping);
	if (v->mcpu) {
		json_field(out, "mcpu", v->mcpu);
		json_field(out, "idioms", v->idioms);
	}
	if (!map) {
		json_field(out, "lkmm", v->lkmm);
		json_field(out, v->target_jkey, v->target);
	}
	json_field(out, "verdict", v->verdict);
	json_field(out, "state", v->state);
	if (map)
		json_field(out, "class", v->cls);
	json_field(out, "reason", v->reason);
	if (map) {
		json_classes(out, v->classes);
		json_field(out, "execution", v->execution);
		if (v->err && v->err->failed)
			json_field_error(out, file, v->err);
		else
			json_field(out, "error", NULL);
	}
	json_end(out);
}
