#!/usr/bin/perl
# series-consistency.pl - a series' cover letter consistent with its patches
# (suite kernel-series; docs/kernel.md, "Consistency of a series").
#
# usage: kernel/series-consistency.pl [--known-failure NAME]... NAME=DIR...
#
# DIR holds a series as committed: NNNN-*.patch, and optionally
# cover-letter.txt, notes.txt (the text below the '---' of a one-patch
# series) and subject-prefix (its first line, default "PATCH").  The
# "cover text" is cover-letter.txt, or notes.txt for a series of one
# patch; a patch's changelog is its message from the line after the mail
# headers to the first "---" line.  Texts are read with their lines
# joined by one space and URLs (http://, https://) removed.  Rules:
#
# 1. Patch count.  A series of several patches has a cover-letter.txt and
#    no notes.txt; a series of one patch no cover-letter.txt.  In the
#    cover text, "patch K", "patches K and L", "patches K-L", "patches K,
#    L and M" (any case) need 1 <= K <= N (N patches), except when
#    followed by "of vM" (an earlier version's numbering); a numbered
#    list ("K. " at the start of a line, indented by at most 2 spaces)
#    must number exactly 1..N.
# 2. Subjects.  A double-quoted string in the cover text shaped like a
#    kernel subject ("prefix[, prefix]: text", the prefix letters,
#    digits and _ . / -) that does not follow a commit id must be the
#    subject (without its [...] tag) of a patch of one of the series
#    given.
# 3. Commit ids.  A commit id is 12 to 40 hexadecimal digits, at least
#    one of them a letter, as a word; its subject is a following
#    ("...") .  Every id of the cover text that a changelog of the series
#    also cites (one id a prefix of the other) must be cited there with
#    the same digits, and with the same subject where both give one.
# 4. Counts.  A count is NUMBER [WORD [WORD]] NOUN, NUMBER digits, "no"
#    or "zero".."twelve", a WORD a word or one "quoted" string, NOUN
#    test, warning, error, check, function (or plurals); "no X or Y"
#    counts 0 of both; and in the cover text, the numbers that open a
#    parenthesis or follow its ", " or "; " when that parenthesis comes
#    after a count in the same sentence are counts of the same noun.  For
#    each noun the cover text counts, every count of that noun in a
#    changelog must be one of the cover text's counts of it.
# 5. Version.  V is the N of "vN" in the subject prefix, else 1.  The
#    cover text's "Changes in vN" must have N <= V, its "Changes since vM"
#    M < V, and "vM -> vN" / "vM..vN" N <= V; the newest such entry must
#    be V (V - 1 for "since").  A series of version 1 has none; a later
#    version has at least one.
#
# --known-failure NAME: NAME's failures are printed as XFAIL and do not
# fail the run; NAME passing then fails ("known failure passes"), so the
# switch cannot outlive the fix.
# Prints PASS/FAIL/XFAIL lines; exit 0 when no FAIL.
use strict;
use warnings;

my %known;
my @series;
while (@ARGV) {
	my $a = shift @ARGV;
	if ($a eq '--known-failure') { $known{shift(@ARGV) // ''} = 1; next; }
	die "usage: $0 [--known-failure NAME]... NAME=DIR...\n" unless $a =~ /^([^=]+)=(.+)$/;
	push @series, [$1, $2];
}
die "usage: $0 [--known-failure NAME]... NAME=DIR...\n" unless @series;

sub slurp {
	my ($f) = @_;
	open(my $h, '<', $f) or return undef;
	local $/;
	my $s = <$h>;
	close $h;
	return substr($s // '', 0, 1 << 20);	# bounded: 1 MiB a file
}
sub flat {	# lines joined, URLs removed
	my ($s) = @_;
	$s =~ s#https?://\S+##g;
	$s =~ s/\s+/ /g;
	return $s;
}
sub parse_patch {	# -> (subject, changelog)
	my ($text) = @_;
	my @l = split /\n/, $text, -1;
	my ($i, $subj) = (0, '');
	for (; $i < @l && $l[$i] ne ''; $i++) {
		if ($l[$i] =~ /^Subject: (.*)/) {
			$subj = $1;
			$subj .= $l[++$i] while $i + 1 < @l && $l[$i + 1] =~ /^[ \t]/;
		}
	}
	$subj =~ s/^\s*\[[^\]]*\]\s*//;
	$subj =~ s/\s+/ /g;
	my @log;
	for ($i++; $i < @l && $l[$i] ne '---'; $i++) { push @log, $l[$i]; }
	return ($subj, join("\n", @log));
}

my %num = (no => 0, zero => 0, one => 1, two => 2, three => 3, four => 4, five => 5,
	six => 6, seven => 7, eight => 8, nine => 9, ten => 10, eleven => 11, twelve => 12);
my $NUM = qr/(?:\d+|no|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)/i;
my $NOUN = qr/(tests?|warnings?|errors?|checks?|functions?)/i;
my $WORD = qr/(?:"[^"]*"|[A-Za-z](?:[A-Za-z0-9_.+\/-]*[A-Za-z0-9_+\/-])?)/;
sub noun { my $n = lc shift; $n =~ s/s$//; return $n; }
sub counts {	# TEXT, BREAKDOWN -> list of [noun, number]
	my ($t, $breakdown) = @_;
	my @c;
	while ($t =~ /\bno ($NOUN) (?:or|and|nor) ($NOUN)\b/gi) {
		push @c, [noun($1), 0], [noun($2), 0];
	}
	while ($t =~ /(?<![\w.-])($NUM)(?! or more) ((?:$WORD ){0,2}?)($NOUN)\b/g) {
		my ($n, $k, $end) = ($1, noun($3), pos($t));
		$n = $num{lc $n} if $n !~ /^\d+$/;
		push @c, [$k, $n];
		next unless $breakdown;
		# the parenthesis after it in the same sentence
		my $rest = substr($t, $end);
		$rest =~ s/\.(\s|$).*//s;
		next unless $rest =~ /\(([^()]*)\)/;
		my $p = "($1";
		push @c, [$k, $1] while $p =~ /(?:\(|, |; )(\d+)\b/g;
	}
	return @c;
}
sub ids {	# TEXT -> list of [id, subject or undef]
	my ($t) = @_;
	my @r;
	while ($t =~ /\b([0-9a-f]{12,40})\b(?: \("(.*?)"\))?/g) {
		my ($id, $s) = ($1, $2);
		next unless $id =~ /[a-f]/;
		push @r, [$id, $s];
	}
	return @r;
}

# every series' subjects, for rule 2
my (%all_subjects, %data);
for my $s (@series) {
	my ($name, $dir) = @$s;
	my @p = sort glob("$dir/[0-9][0-9][0-9][0-9]-*.patch");
	my @parsed = map { [parse_patch(slurp($_) // '')] } @p;
	$all_subjects{$_->[0]} = 1 for @parsed;
	$data{$name} = [\@p, \@parsed];
}

my $fails = 0;
for my $s (@series) {
	my ($name, $dir) = @$s;
	my ($p, $parsed) = @{$data{$name}};
	my $n = @$p;
	my @bad;
	my $cl = slurp("$dir/cover-letter.txt");
	my $notes = slurp("$dir/notes.txt");
	my $prefix = slurp("$dir/subject-prefix") // 'PATCH';
	$prefix = (split /\n/, $prefix)[0] // 'PATCH';
	push @bad, "no patches" if $n == 0;
	# 1.
	push @bad, "$n patches and no cover-letter.txt" if $n > 1 && !defined $cl;
	push @bad, "$n patches and a notes.txt (below the --- of one patch only)" if $n > 1 && defined $notes;
	push @bad, "one patch and a cover-letter.txt" if $n == 1 && defined $cl;
	my $cover = $n > 1 ? $cl : $notes;
	my $cover_what = $n > 1 ? 'cover letter' : 'notes.txt';
	my @logs = map { $_->[1] } @$parsed;
	if (defined $cover) {
		my $f = flat($cover);
		while ($f =~ /(?<!v\d's )\bpatch(?:es)? ((?>\d+(?:(?:, | and |-|\x{2013})\d+)*))(?! of v\d)/gi) {
			my $list = $1;
			for my $k ($list =~ /(\d+)/g) {
				push @bad, "$cover_what: \"patch $k\" of $n patches" if $k < 1 || $k > $n;
			}
		}
		my @items = $cover =~ /^ {0,2}(\d+)\. \S/mg;
		if (@items && join(',', @items) ne join(',', 1 .. $n)) {
			push @bad, "$cover_what: numbered list " . join(',', @items) . " for $n patches";
		}
		# 2.
		my $c2 = $f;
		$c2 =~ s/\b[0-9a-f]{12,40} \("[^"]*"\)//g;
		while ($c2 =~ /"([A-Za-z0-9_.\/-]+(?:, [A-Za-z0-9_.\/-]+)*: [^"]+)"/g) {
			push @bad, "$cover_what: subject \"$1\" is no patch's" unless $all_subjects{$1};
		}
		# 3.
		my @lid = map { ids(flat($_)) } @logs;
		for my $c (ids($f)) {
			for my $l (@lid) {
				my ($a, $b) = ($c->[0], $l->[0]);
				next unless index($a, $b) == 0 || index($b, $a) == 0;
				push @bad, "commit $a in the $cover_what, $b in a changelog" if $a ne $b;
				push @bad, "commit $a: \"$c->[1]\" in the $cover_what, \"$l->[1]\" in a changelog"
					if defined $c->[1] && defined $l->[1] && $c->[1] ne $l->[1];
			}
		}
		# 4.
		my %cv;
		$cv{$_->[0]}{$_->[1]} = 1 for counts($f, 1);
		for my $i (0 .. $#logs) {
			for my $c (counts(flat($logs[$i]), 0)) {
				next unless $cv{$c->[0]};
				next if $cv{$c->[0]}{$c->[1]};
				my $have = join(', ', sort { $a <=> $b } keys %{$cv{$c->[0]}});
				my $pn = $$p[$i] =~ s#.*/##r;
				push @bad, "$pn: $c->[1] $c->[0]s in its changelog, the $cover_what counts $have";
			}
		}
	}
	# 5.
	my $v = $prefix =~ /\bv(\d+)\b/ ? $1 : 1;
	my $f = defined $cover ? flat($cover) : '';
	my ($newest, $said) = (0, 0);
	while ($f =~ /\bchanges in v(\d+)\b/gi) {
		$said++;
		push @bad, "\"Changes in v$1\" in a v$v series" if $1 > $v;
		$newest = $1 if $1 > $newest;
	}
	while ($f =~ /\bchanges since v(\d+)\b/gi) {
		$said++;
		push @bad, "\"Changes since v$1\" in a v$v series" if $1 >= $v;
		$newest = $1 + 1 if $1 + 1 > $newest;
	}
	while ($f =~ /\bv(\d+) ?(?:->|\.\.|\x{2192}) ?v(\d+)\b/g) {
		$said++;
		push @bad, "\"v$1 -> v$2\" in a v$v series" if $2 > $v;
		$newest = $2 if $2 > $newest;
	}
	if ($v == 1) {
		push @bad, "subject prefix '$prefix' (version 1) but the $cover_what lists changes since an earlier version" if $said;
	} elsif (!$said) {
		push @bad, "subject prefix '$prefix' but no \"Changes in v$v\"";
	} elsif ($newest != $v) {
		push @bad, "subject prefix '$prefix' but the newest changes listed are for v${newest}";
	}

	my %seen;
	@bad = grep { !$seen{$_}++ } @bad;
	my $what = "$name: $n patches, " . ($n > 1 ? 'cover letter' : 'notes') . ", [$prefix]";
	if (!@bad) {
		if ($known{$name}) {
			print "FAIL consistency $what: consistent, but marked --known-failure (remove it from the switch)\n";
			$fails++;
		} else {
			print "PASS consistency $what\n";
		}
	} elsif ($known{$name}) {
		print "XFAIL consistency $name (known failure): $_\n" for @bad;
	} else {
		print "FAIL consistency $name: $_\n" for @bad;
		$fails++;
	}
}
exit($fails ? 1 : 0);
