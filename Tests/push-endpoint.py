#!/usr/bin/env python3
"""A push service for the tests, on 127.0.0.1 over HTTPS: it reads every message the hub sends as
the browser of the subscription would, with the reference implementations (push-check.py: http_ece
decrypts with the subscription's private key, py_vapid verifies the VAPID token), and answers as a
push service may (201, or the answers the test scripted: 503 with Retry-After, 410, ...).

Usage: push-endpoint.py CONFIG
CONFIG is a JSON file: {"cert", "key", "portFile", "log", "arrivals", "receivers": {PATH:
{"private", "auth"}}, "answers": {PATH: [{"status", "retryAfter"?, "delay"?}, ...]}}. Once bound,
the port is written to portFile; each request's path is appended to arrivals as it comes, and once
answered (after `delay` seconds, if any) it is appended to log as one JSON line: {path, answered,
connection, headers, plaintext, claims} or {path, answered, connection, error}; `connection` is
the hub's port of the TCP connection the request came on. A path's scripted answers are used in
order, then 201.
"""
import http.server
import importlib.util
import json
import os
import ssl
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("push_check", os.path.join(here, "push-check.py"))
push_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(push_check)

config = json.load(open(sys.argv[1]))
answers = {path: list(scripted) for path, scripted in config.get("answers", {}).items()}


class PushService(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with open(config["arrivals"], "a") as arrivals:
            arrivals.write(self.path + "\n")
        scripted = answers.get(self.path) or []
        answer = scripted.pop(0) if scripted else {"status": 201}
        # The hub's side of the TCP connection, by its port: requests on one kept connection share it.
        record = {"path": self.path, "answered": answer["status"], "at": time.time(), "connection": self.client_address[1]}
        record["headers"] = {name: self.headers.get(name) for name in ["TTL", "Urgency", "Topic", "Content-Encoding", "Authorization"]}
        receiver = config["receivers"].get(self.path)
        try:
            if receiver is None:
                raise ValueError(f"no subscription at {self.path}")
            audience = f"https://127.0.0.1:{self.server.server_address[1]}"
            plaintext, claims = push_check.check(
                receiver["private"], receiver["auth"], body, self.headers.get("Authorization", ""), audience)
            record["plaintext"] = plaintext.decode("utf-8")
            record["claims"] = claims
        except Exception as error:  # any refusal of either library is what the test reads
            record["error"] = f"{type(error).__name__}: {error}"
        time.sleep(answer.get("delay", 0))
        with open(config["log"], "a") as log:
            log.write(json.dumps(record) + "\n")
        self.send_response(answer["status"])
        if "retryAfter" in answer:
            self.send_header("Retry-After", str(answer["retryAfter"]))
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *arguments):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), PushService)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(config["cert"], config["key"])
server.socket = context.wrap_socket(server.socket, server_side=True)
with open(config["portFile"] + ".partial", "w") as port_file:
    port_file.write(str(server.server_address[1]))
os.rename(config["portFile"] + ".partial", config["portFile"])
server.serve_forever()
