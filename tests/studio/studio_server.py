"""Starting and stopping `orbat studio` for the studio's tests: the one
line it prints is parsed into its port and token, and a stop is Ctrl-C
(SIGINT), after which it must end with status 0."""
import http.client
import os
import re
import signal
import subprocess

URL_LINE = re.compile(r"^http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{32})$")


class Studio:
    def __init__(self, orbat, args, cwd):
        self.proc = subprocess.Popen([orbat, "studio", *args], cwd=cwd, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline().rstrip("\n")
        m = URL_LINE.match(line)
        if not m:
            self.proc.kill()
            err = self.proc.stderr.read()
            raise AssertionError("orbat studio printed %r, not its address; stderr: %s" % (line, err))
        self.url = line
        self.port = int(m.group(1))
        self.token = m.group(2)
        self.host = "127.0.0.1:%d" % self.port
        # One cookie per studio: its name holds the port.
        self.cookie_name = "orbat_token_%d" % self.port

    def request(self, method, path, headers=None, body=None, cookie=True):
        """One request on a fresh connection: (status, headers, body)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        h = {"Host": self.host}
        if cookie:
            h["Cookie"] = "%s=%s" % (self.cookie_name, self.token)
        h.update(headers or {})
        conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        for k, v in h.items():
            if v is not None:
                conn.putheader(k, v)
        if body is not None:
            conn.putheader("Content-Length", str(len(body)))
        conn.endheaders(body)
        r = conn.getresponse()
        data = r.read()
        conn.close()
        return r.status, dict(r.getheaders()), data

    def stop(self):
        """Ctrl-C; the exit status must be 0."""
        self.proc.send_signal(signal.SIGINT)
        try:
            rc = self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise AssertionError("orbat studio did not stop on SIGINT")
        self.proc.stdout.close()
        self.proc.stderr.close()
        if rc != 0:
            raise AssertionError("orbat studio ended with status %d after SIGINT" % rc)


def folder_with(tmp, source_root, files):
    """A scenario folder under tmp holding copies of the named files."""
    os.makedirs(tmp, exist_ok=True)
    for name, src in files.items():
        with open(os.path.join(source_root, src), "rb") as f:
            data = f.read()
        with open(os.path.join(tmp, name), "wb") as f:
            f.write(data)
    return tmp

