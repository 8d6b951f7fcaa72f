"""Events of a running orbat seen from outside, for the tests of this
folder: never a clock."""
import os


def writing(pid):
    """Whether process pid has a temporary file (NAME.tmp-PID) open: it is
    drawing a product."""
    try:
        fds = os.listdir(f'/proc/{pid}/fd')
    except OSError:
        return False
    for fd in fds:
        try:
            if '.tmp-' in os.readlink(f'/proc/{pid}/fd/{fd}'):
                return True
        except OSError:
            pass
    return False


def first_line(fd):
    """The first line on the pipe fd, read a byte at a time so that nothing
    after it is taken from the pipe (communicate() reads the rest)."""
    line = b''
    while not line.endswith(b'\n'):
        byte = os.read(fd, 1)
        if not byte:
            break
        line += byte
    return line.decode()


class Tally:
    """Checks passed and failed; report() prints `NAME: N passed, M failed`
    and gives the exit status."""

    def __init__(self):
        self.passed = self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print('FAIL:', what)

    def report(self, name):
        print(f'{name}: {self.passed} passed, {self.failed} failed')
        return 1 if self.failed else 0
