#!/usr/bin/env python3
"""Reads one Web Push message as a push service and the browser would, with the reference
implementations: http_ece (RFC 8188/8291) decrypts the body with the subscription's private key,
py_vapid (RFC 8292) verifies the VAPID token's signature, and the token's claims are checked.

Usage: push-check.py RECEIVER_PRIVATE_KEY AUTH_SECRET BODY AUTHORIZATION AUDIENCE
(keys, secret and body in base64url). Prints {"plaintext": ..., "claims": ...} as JSON, or exits
with status 1 and the reason on standard error.
"""
import base64
import json
import sys
import time

import http_ece
import py_vapid
from cryptography.hazmat.primitives.asymmetric import ec


def unbase64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def fail(reason):
    print(reason, file=sys.stderr)
    sys.exit(1)


def check(receiver_private, auth_secret, body, authorization, audience):
    """The plaintext and the token's claims of one message, or the reason it is not a valid one."""
    private_key = ec.derive_private_key(int.from_bytes(unbase64url(receiver_private), "big"), ec.SECP256R1())
    plaintext = http_ece.decrypt(body, private_key=private_key, auth_secret=unbase64url(auth_secret), version="aes128gcm")
    if not py_vapid.Vapid02.verify(authorization):
        raise ValueError("the VAPID token's signature does not verify")
    token = dict(part.split("=", 1) for part in authorization.split(" ", 1)[1].split(","))["t"]
    claims = json.loads(unbase64url(token.split(".")[1]))
    if claims.get("aud") != audience:
        raise ValueError(f"the token's audience is {claims.get('aud')!r}, not {audience!r}")
    if not 0 < claims.get("exp", 0) - time.time() <= 24 * 3600:
        raise ValueError(f"the token expires at {claims.get('exp')}, not within 24 hours")
    if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
        raise ValueError(f"the token's subject {claims.get('sub')!r} is not a mailto: or https: URL")
    return plaintext, claims


if __name__ == "__main__":
    if len(sys.argv) != 6:
        fail(__doc__)
    try:
        plaintext, claims = check(sys.argv[1], sys.argv[2], unbase64url(sys.argv[3]), sys.argv[4], sys.argv[5])
    except Exception as error:  # any refusal of either library is the answer
        fail(f"{type(error).__name__}: {error}")
    print(json.dumps({"plaintext": plaintext.decode("utf-8"), "claims": claims}))
