#!/usr/bin/perl
# tests/jit-check/bpftool-forms.pl - a runner's console dump rewritten as
# what a user gets from `bpfrun --hold` and bpftool on their own machine
# (docs/jit-check.md, "bpftool"), for suite jit-check:
#
#   bpftool-forms.pl ARCH CONSOLE OUTDIR
#
#   OUTDIR/run.txt       the console with each "jit TEST T HEX" line
#                        replaced by the line `bpfrun --hold` prints for
#                        that program, "hold TEST T ID bpfmm_N_T" (N: the
#                        test's index, ID from 100 on)
#   OUTDIR/text.txt      every program as `bpftool prog dump jited id ID
#                        opcodes` prints it (LLVM build), one after the
#                        other: a header "bpf_prog_TAG_bpfmm_N_T:" (the
#                        kernel's symbol), per instruction "%4x:" and its
#                        text, then a line "\t" and "%02x " per byte; a
#                        blank line after each
#   OUTDIR/json/ID.json  `bpftool -j prog dump jited id ID opcodes`: one
#                        function named by its address ("0x%016llx", what
#                        bpftool prints when kallsyms does not name it), so
#                        the file's name (the id) says which program it is
#   OUTDIR/raw/bpfmm_N_T.bin  `bpftool prog dump jited id ID file FILE`:
#                        the raw image
#
# The instruction boundaries (and the text, which jit-check does not read)
# come from llvm-objdump-19 with the options jit-check uses for ARCH.
use strict;
use warnings;
no warnings 'portable';

my ($arch, $console, $out) = @ARGV;
die "usage: bpftool-forms.pl ARCH CONSOLE OUTDIR\n" unless defined $out;
# objcopy's format, objdump's options, a nop (padding between images)
my %fmt = (
	riscv64 => ['elf64-littleriscv', '--mattr=+m,+a,+c,+zba,+zbb', "\x01\x00"],
	arm64 => ['elf64-littleaarch64', '--mattr=+lse', "\x1f\x20\x03\xd5"],
	x86_64 => ['elf64-x86-64', '', "\x90"],
	mips64el => ['elf64-tradlittlemips', '--mattr=+mips64r2', "\0\0\0\0"],
	ppc64le => ['elf64-powerpcle', '-mllvm -ppc-asm-full-reg-names', "\0\0\0\x60"],
	s390x => ['elf64-s390', '--mcpu=z196', "\x07\x00"],
);
my $f = $fmt{$arch} or die "bpftool-forms.pl: unknown arch $arch\n";
mkdir $out;
mkdir "$out/json";
mkdir "$out/raw";

# The instructions of every image of @_ (one llvm-objdump run, the images
# 16-byte aligned with nops between them): per image a list of [offset,
# text] (x86's lock prefix, which llvm-objdump prints alone, joined to its
# instruction as LLVMDisasmInstruction decodes it).
sub insns {
	my $bin = "$out/.images";
	my ($blob, @start) = ('');
	for my $c (@_) {
		# at least 16 bytes of nops after an image, so that an
		# instruction read across its end (data) ends in them
		my $end = length $blob;
		$blob .= $f->[2] while length($blob) % 16 || ($end && length($blob) - $end < 16);
		push @start, length $blob;
		$blob .= $c;
	}
	$blob .= $f->[2] while length($blob) % 16 || !length $blob;
	open(my $b, '>:raw', $bin) or die "$bin: $!";
	print $b $blob;
	close $b;
	system("llvm-objcopy-19 -I binary -O $f->[0] '$bin' '$bin.o'") == 0 or die "llvm-objcopy-19 failed\n";
	my @v = map { [] } @_;
	my $cur = 0;
	open(my $d, '-|', "llvm-objdump-19 -d -z -j .data $f->[1] '$bin.o'") or die "llvm-objdump-19: $!";
	while (<$d>) {
		chomp;
		next unless /^\s*([0-9a-f]+):\s[^\t]*\t(.*)$/;
		my ($off, $text) = (hex $1, $2);
		$text =~ s/\s+$//;
		$cur++ while $cur + 1 < @start && $off >= $start[$cur + 1];
		next if $off < $start[$cur] || $off >= $start[$cur] + length $_[$cur];
		my $l = $v[$cur];
		if (@$l && $l->[-1][1] eq 'lock') {
			$l->[-1][1] = "lock\t$text";
			next;
		}
		push @$l, [$off - $start[$cur], $text];
	}
	close $d or die "llvm-objdump-19 failed\n";
	unlink $bin, "$bin.o";
	return @v;
}

my (%index, %ksym, @progs);
my $id = 100;
open(my $in, '<', $console) or die "$console: $!";
open(my $run, '>', "$out/run.txt") or die;
while (my $l = <$in>) {
	if ($l =~ /bpfmm-run: (?:layout|unsupported) (\S+)/ && !exists $index{$1}) {
		$index{$1} = scalar keys %index;
	}
	$ksym{"$1 $2"} = $3 if $l =~ /bpfmm-run: ksym (\S+) (\d+) ([0-9a-f]+)/;
	if ($l =~ /^(.*)bpfmm-run: jit (\S+) (\d+) ([0-9a-f]+)\s*$/) {
		my ($pre, $test, $t, $hex) = ($1, $2, $3, $4);
		$index{$test} = scalar keys %index unless exists $index{$test};
		my $name = "bpfmm_$index{$test}_$t";
		push @progs, { test => $test, t => $t, id => $id, name => $name, code => pack('H*', $hex) };
		print $run "${pre}bpfmm-run: hold $test $t $id $name\n";
		$id++;
		next;
	}
	print $run $l;
}
close $run;

open(my $text, '>', "$out/text.txt") or die;
my $tag = 0x1f2e3d4c5b6a7988;
my @all = insns(map { $_->{code} } @progs);
for my $p (@progs) {
	my @in = @{shift @all};
	my $len = length $p->{code};
	printf $text "bpf_prog_%016x_%s:\n", $tag++, $p->{name};
	my (@json, $k);
	for ($k = 0; $k < @in; $k++) {
		my ($off, $txt) = @{$in[$k]};
		last if $off >= $len;
		my $end = $k + 1 < @in && $in[$k + 1][0] < $len ? $in[$k + 1][0] : $len;
		my @b = unpack('C*', substr($p->{code}, $off, $end - $off));
		printf $text "%4x:\t%s\n\t%s\n", $off, $txt, join('', map { sprintf('%02x ', $_) } @b);
		# bpftool's JSON: the mnemonic, then the operands split at
		# blanks, commas and parentheses
		my ($op, @ops) = grep { length } split /[ \t,()]+/, $txt;
		(my $esc = join(',', map { s/(["\\])/\\$1/gr } @ops)) =~ s/([^,]+)/"$1"/g;
		push @json, sprintf('{"pc":"0x%x","operation":"%s","operands":%s,"opcodes":[%s]}', $off, $op,
			@ops ? "[$esc]" : '[null]', join(',', map { sprintf('"0x%02x"', $_) } @b));
	}
	print $text "\n";
	my $addr = $ksym{"$p->{test} $p->{t}"} // sprintf('%x', 0xffffffffc0000000 + 0x1000 * $p->{id});
	open(my $j, '>', "$out/json/$p->{id}.json") or die;
	printf $j "[{\"name\":\"0x%016s\",\"insns\":[%s]}]\n", $addr, join(',', @json);
	close $j;
	open(my $r, '>:raw', "$out/raw/$p->{name}.bin") or die;
	print $r $p->{code};
	close $r;
}
close $text;
