#!/usr/bin/python3
"""No two words of a roster print over each other.

    roster_overlap.py ORBAT_BINARY SOURCE_ROOT

Renders every bundled scenario (SOURCE_ROOT/scenarios/*.xml) in English,
Dutch and French on A4 and Letter, reads the word boxes of each
rosters.pdf back with `pdftotext -bbox` and fails when two words on a page
overlap: a cell that wraps to more lines than its row was given prints
over the next row.  Nor may a column heading break inside a word.
pdftotext's boxes span the font's whole ascent and
descent, a little more than a line's pitch, so lines that merely touch are
not counted: the boxes must share more than a third of the lower one's
height and more than half a point across.  Ends with
"roster-overlap: N passed, M failed"; exit 0 all passed, 1 any failed,
77 (skipped) without pdftotext.
"""
import glob
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')
PAGE = re.compile(r'<page [^>]*>(.*?)</page>', re.S)


def overlaps(a, b):
	dx = min(a[2], b[2]) - max(a[0], b[0])
	dy = min(a[3], b[3]) - max(a[1], b[1])
	shorter = min(a[3] - a[1], b[3] - b[1])
	return dx > 0.5 and dy > shorter / 3


def page_clashes(words):
	"""Pairs of overlapping words on one page, as text for the report."""
	found = []
	words.sort(key=lambda w: w[1])
	for i, a in enumerate(words):
		for b in words[i + 1:]:
			if b[1] >= a[3]:
				break
			if overlaps(a, b):
				found.append('"%s" (%.1f, %.1f) over "%s" (%.1f, %.1f)' %
					(a[4], a[0], a[1], b[4], b[0], b[1]))
	return found


def heading_words(root, lang):
	"""The words of the roster's column headings in a language."""
	xml_lang = '{http://www.w3.org/XML/1998/namespace}lang'
	words = set()
	for string in ET.parse(os.path.join(root, 'data', 'i18n', 'strings.xml')).getroot():
		if not string.get('id', '').startswith('col-'):
			continue
		for t in string:
			if t.get(xml_lang) == lang:
				words.update(w.strip('()') for w in (t.text or '').split())
	return {w for w in words if len(w) >= 4}


def broken_headings(words, headings):
	"""A heading word split over two lines of its cell: its first part with
	the rest right below it, at the same left edge."""
	found = []
	for a in words:
		head = a[4].rstrip('-\u2010')
		for w in headings:
			if len(head) < 2 or len(head) >= len(w) or not w.startswith(head):
				continue
			for b in words:
				if abs(b[0] - a[0]) < 1 and 0 < b[1] - a[1] < 2 * (a[3] - a[1]) and \
						b[4].rstrip(')') == w[len(head):]:
					found.append('heading "%s" broken as "%s" / "%s"' % (w, a[4], b[4]))
	return found


def clashes(pdf, headings):
	out = subprocess.run(['pdftotext', '-bbox', pdf, '-'], capture_output=True, text=True, check=True).stdout
	found = []
	for n, page in enumerate(PAGE.findall(out), 1):
		words = [(float(m[0]), float(m[1]), float(m[2]), float(m[3]), html.unescape(m[4]))
			for m in WORD.findall(page)]
		found += ['p%d: %s' % (n, c) for c in page_clashes(words) + broken_headings(words, headings)]
	return found


def main():
	if len(sys.argv) != 3:
		print('usage: roster_overlap.py ORBAT_BINARY SOURCE_ROOT', file=sys.stderr)
		return 2
	orbat, root = sys.argv[1], sys.argv[2]
	if not shutil.which('pdftotext'):
		print('skipped: pdftotext is not installed (poppler-utils)')
		return 77
	os.environ.setdefault('ORBAT_DATADIR', os.path.join(root, 'data'))
	os.environ.setdefault('SOURCE_DATE_EPOCH', '1700000000')
	scenarios = sorted(glob.glob(os.path.join(root, 'scenarios', '*.xml')))
	passed = failed = 0
	# The checker itself must see an overlap: two words at one place, and
	# a heading broken inside a word.
	if page_clashes([(10, 10, 40, 20, 'one'), (12, 14, 42, 24, 'two')]) and \
			not page_clashes([(10, 10, 40, 20, 'one'), (10, 19, 40, 29, 'two')]) and \
			broken_headings([(10, 10, 40, 20, 'Aanko'), (10, 19, 40, 29, 'mst')], {'Aankomst'}) and \
			not broken_headings([(10, 10, 40, 20, 'Aankomst'), (10, 19, 40, 29, 'mst')], {'Aankomst'}):
		passed += 1
		print('ok   - the check finds words printed over each other and broken headings')
	else:
		failed += 1
		print('FAIL - the check finds words printed over each other and broken headings')
	with tempfile.TemporaryDirectory(prefix='orbat-rosters.') as work:
		for paper in ('a4', 'letter'):
			out = os.path.join(work, paper)
			run = subprocess.run([orbat, 'render', '-q', '--lang', 'en,nl,fr', '--paper', paper, '-o', out]
				+ scenarios, capture_output=True, text=True)
			if run.returncode != 0:
				failed += 1
				print('FAIL - render on %s: exit %d\n       %s' % (paper, run.returncode, run.stderr.strip()))
				continue
			# A folder per scenario, named by its id.
			ids = sorted(os.listdir(out))
			if len(ids) != len(scenarios):
				failed += 1
				print('FAIL - render on %s: %d folders for %d scenarios' % (paper, len(ids), len(scenarios)))
			for sid in ids:
				for lang in ('en', 'nl', 'fr'):
					pdf = os.path.join(out, sid, lang, 'rosters.pdf')
					name = '%s %s %s: no words of the rosters overlap, headings whole' % (paper, sid, lang)
					if not os.path.exists(pdf):
						failed += 1
						print('FAIL - %s\n       no %s' % (name, pdf))
						continue
					found = clashes(pdf, heading_words(root, lang))
					if found:
						failed += 1
						print('FAIL - %s' % name)
						for c in found[:8]:
							print('       ' + c)
					else:
						passed += 1
						print('ok   - ' + name)
	print('roster-overlap: %d passed, %d failed' % (passed, failed))
	return 1 if failed else 0


if __name__ == '__main__':
	sys.exit(main())
