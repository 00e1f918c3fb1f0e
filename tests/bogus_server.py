"""A local TCP server that is not what its client expects (a Dask scheduler): it accepts
every connection and answers it with ``answer(connection)``, or with the bytes
``answer``, or says nothing and keeps it open (None).  Shared by the tests of bogus
schedulers and ``fuzz/fuzz_workers.py``."""

from __future__ import annotations

import socket
import threading


class BogusServer:
    def __init__(self, answer=None):
        self.answer = answer
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.held: list[socket.socket] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            self.held.append(connection)
            try:
                if callable(self.answer):
                    self.answer(connection)
                elif self.answer is not None:
                    connection.sendall(self.answer)
            except OSError:
                pass

    def close(self) -> None:
        self.listener.close()
        for connection in self.held:
            try:
                connection.close()
            except OSError:
                pass
