"""A real ``pokerkeys serve`` process on a free 127.0.0.1 port, for the end-to-end and browser
tests (imported by them; not a test module)."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    def __init__(self):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        started = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pokerkeys", "serve", "--port", str(self.port)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env=dict(os.environ, PYTHONUNBUFFERED="1"))
        deadline = started + 60
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"pokerkeys serve exited: {self.process.stdout.read()}")
            try:
                if httpx.get(self.url + "/api/status", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.perf_counter() > deadline:
                self.stop()
                raise RuntimeError("pokerkeys serve did not answer within 60 s")
            time.sleep(0.05)
        self.startup_seconds = time.perf_counter() - started

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
