#!/usr/bin/env python3
"""The memory ceiling of the print set: `orbat render` of every bundled
scenario in its three languages, on one process (-j 1) and on two workers
(-j 2), stays under 40 MiB in EVERY process: the parent and each worker.

The figure is the kernel's own: wait4() hands back the largest resident
set of orbat and of every worker it reaped (Linux keeps the maximum over
a process's waited-for children with its own), so one number covers them
all.  A memory ceiling is a contract on resources, not a timing: a busy
machine makes the run slower, never larger.

Skipped (exit 77) where the figure means something else: not Linux, or
under valgrind.  A sanitizer build (shadow memory and quarantine) does
not register the test at all (tests/memory/meson.build).

    run-memory-ceiling.py ORBAT SOURCE_ROOT

Prints each run's peak and `memory: N passed, M failed` last."""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

CEILING_KIB = 40 * 1024

orbat, root = sys.argv[1], sys.argv[2]
skip = ''
if not sys.platform.startswith('linux'):
    skip = 'the peak is read as Linux reports it'
if not skip and 'vgpreload' in os.environ.get('LD_PRELOAD', ''):
    skip = 'valgrind inflates memory'
if skip:
    print(f'memory: skipped: {skip}')
    sys.exit(77)

scenarios = sorted(glob.glob(os.path.join(root, 'scenarios', '*.xml')))
if len(scenarios) < 8:
    print(f'memory: expected the 8 bundled scenarios in {root}/scenarios, found {len(scenarios)}')
    sys.exit(1)

env = dict(os.environ, SOURCE_DATE_EPOCH='1700000000')
work = tempfile.mkdtemp(prefix='orbat-memory.')
passed = failed = 0


def peak_kib(jobs):
    """Run the print set on `jobs` processes; its largest resident set
    over orbat and all its workers, in KiB, and its exit status."""
    out = os.path.join(work, f'j{jobs}')
    with open(os.path.join(work, f'j{jobs}.err'), 'w') as err:
        proc = subprocess.Popen([orbat, 'render', '-q', '-j', str(jobs), '-o', out] + scenarios,
                                cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_maxrss, proc.returncode, out


try:
    for jobs in (1, 2):
        kib, code, out = peak_kib(jobs)
        pdfs = len(glob.glob(os.path.join(out, '*', '*', '*.pdf')))
        what = f'-j {jobs}: {pdfs} PDFs, largest process {kib / 1024:.1f} MiB (ceiling 40 MiB)'
        if code != 0:
            failed += 1
            print(f'FAIL: {what}: orbat render exited with status {code}')
            with open(os.path.join(work, f'j{jobs}.err')) as err:
                sys.stdout.write(err.read()[-2000:])
        elif pdfs < 8 * 3 * 6:
            failed += 1
            print(f'FAIL: {what}: fewer PDFs than the print set has')
        elif kib >= CEILING_KIB:
            failed += 1
            print(f'FAIL: {what}')
        else:
            passed += 1
            print(f'ok: {what}')
finally:
    shutil.rmtree(work, ignore_errors=True)

print(f'memory: {passed} passed, {failed} failed')
sys.exit(1 if failed else 0)
