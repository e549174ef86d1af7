# The replicas Varnish spreads requests over (default.vcl includes this file). Put one
# backend per replica, each with the /healthz probe, and add each to the round-robin
# director below. Every replica must run with the same PUBLIC_URL and CORS_ORIGINS.
backend replica_1 {
    .host = "10.0.0.11";
    .port = "3000";
    .probe = healthz;
}

backend replica_2 {
    .host = "10.0.0.12";
    .port = "3000";
    .probe = healthz;
}

sub vcl_init {
    new replicas = directors.round_robin();
    replicas.add_backend(replica_1);
    replicas.add_backend(replica_2);
}
