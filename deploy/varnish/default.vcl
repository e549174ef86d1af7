vcl 4.1;
# Varnish (Debian's varnish 7.1, with xkey from varnish-modules) in front of two or more
# replicas of the Surf Catalog API. How to start it, edit it and purge: README.md here.
# varnishd must run with -p http_gzip_support=off: the API compresses (br and gzip) itself.

import directors;
import std;
import xkey;

# A replica is used while 2 of its last 3 answers to /healthz were 200. From SIGTERM on it
# answers 503 there for SHUTDOWN_DRAIN_MS, so with a drain of 5 s it leaves the rotation
# (within 4 s) before it stops listening.
probe healthz {
    .url = "/healthz";
    .interval = 2s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
}

# The replicas and the round-robin director `replicas` over them.
include "backends.vcl";

# Who may purge: the machines your deploys run on.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    set req.backend_hint = replicas.backend();

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "purging is not allowed from this address"));
        }
        if (req.http.xkey-softpurge) {
            # Soft: the copies go stale but stay usable within grace (revalidated, kept through an outage).
            return (synth(200, xkey.softpurge(req.http.xkey-softpurge)));
        }
        if (req.http.xkey-purge) {
            return (synth(200, xkey.purge(req.http.xkey-purge)));
        }
        return (synth(400, "send the tags to purge in an xkey-purge (or xkey-softpurge) header"));
    }

    # The API makes its own request id: a client's value is never passed on.
    unset req.http.X-Request-Id;

    # The API answers every origin it does not allow alike, so those share one copy. EDIT: one
    # anchored expression for exactly the origins in CORS_ORIGINS, e.g. "^https://(www\.)?surf\.example$".
    if (req.http.Origin !~ "^https://surf\.example$") {
        unset req.http.Origin;
    }

    # The API compresses: one copy per brotli, gzip and none (q=0 means "not this one").
    if (req.http.Accept-Encoding ~ "(?i)(^|,)\s*br\s*(;\s*q=(1(\.0*)?|0\.\d*[1-9]\d*))?\s*(,|$)") {
        set req.http.Accept-Encoding = "br";
    } elsif (req.http.Accept-Encoding ~ "(?i)(^|,)\s*gzip\s*(;\s*q=(1(\.0*)?|0\.\d*[1-9]\d*))?\s*(,|$)") {
        set req.http.Accept-Encoding = "gzip";
    } else {
        unset req.http.Accept-Encoding;
    }

    # The API has no cookies or credentials: without them, its answers are cached.
    if (req.url ~ "^/api/") {
        unset req.http.Cookie;
        unset req.http.Authorization;
    }

    # While a replica is up, a stale copy is served (and refreshed) only within the API's
    # stale-while-revalidate=600; when none is, for as long as its stale-if-error allows.
    if (std.healthy(req.backend_hint)) {
        set req.grace = 600s;
    }
}

sub vcl_backend_response {
    # A refresh of a stale copy that gets a 5xx keeps that copy (stale-if-error) instead of
    # replacing it with the error.
    if (beresp.status >= 500 && bereq.is_bgfetch) {
        return (abandon);
    }
    # xkey files the copy under the tags of its xkey header: the API's Surrogate-Key.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    # Varnish takes grace from stale-while-revalidate; keep copies for stale-if-error if longer.
    if (beresp.http.Cache-Control ~ "stale-if-error=\d+" &&
        std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=(\d+).*$", "\1s"), 0s) > beresp.grace) {
        set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=(\d+).*$", "\1s"), 0s);
    }
}

# No replica answered and nothing is cached: the API's error envelope, readable in a browser.
sub vcl_backend_error {
    set beresp.http.Content-Type = "application/json; charset=utf-8";
    set beresp.http.Cache-Control = "no-store";
    if (bereq.http.Origin) {
        # Only allow-listed origins are left (vcl_recv).
        set beresp.http.Access-Control-Allow-Origin = bereq.http.Origin;
        set beresp.http.Vary = "Origin";
    }
    set beresp.body = """{"error":"the API is unavailable (no replica answers and nothing is cached): try again in a minute","code":"UNAVAILABLE"}""";
    return (deliver);
}

# Answers Varnish makes itself: purge results and refusals.
sub vcl_synth {
    set resp.http.Content-Type = "application/json; charset=utf-8";
    set resp.http.Cache-Control = "no-store";
    if (resp.status == 200) {
        set resp.body = {"{"purged":"} + resp.reason + "}";
        set resp.reason = "OK";
    } else {
        set resp.body = {"{"error":""} + resp.reason + """","code":"PURGE_REFUSED"}""";
    }
    return (deliver);
}

sub vcl_deliver {
    # Purge tags are for this cache, not for clients.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
}
