"""The Python client v4's answers to the searches of spec/query/boost-diversity-python.spec.ts.

Reads {"http", "grpc", "apiKey", "spread", "boosted"} (URLs of the server, its API key or null, the
two class names) as JSON on stdin; prints {search name: [ids in the order returned]} as JSON.
"""
import json
import sys
from urllib.parse import urlparse

import weaviate
from weaviate.classes.init import Auth
from weaviate.classes.query import Boost, Diversity, Filter

args = json.load(sys.stdin)
http = urlparse(args["http"])
grpc = urlparse(args["grpc"])
client = weaviate.connect_to_custom(
    http_host=http.hostname,
    http_port=http.port,
    http_secure=False,
    grpc_host=grpc.hostname,
    grpc_port=grpc.port,
    grpc_secure=False,
    auth_credentials=Auth.api_key(args["apiKey"]) if args["apiKey"] else None,
    skip_init_checks=True,
)
try:
    spread = client.collections.get(args["spread"]).query
    boosted = client.collections.get(args["boosted"]).query
    query = [1.0, 0.0, 0.0]
    likes = Boost.numeric_property("likes", weight=1.0)
    answers = {
        "nearVector mmr": spread.near_vector(query, limit=40, diversity_selection=Diversity.mmr(limit=5, balance=0.3)),
        "nearObject mmr": spread.near_object("00000000-0000-4000-8000-000000000000", limit=40, diversity_selection=Diversity.mmr(limit=5, balance=0.3)),
        "hybrid mmr": spread.hybrid("item", vector=query, alpha=1.0, limit=40, diversity_selection=Diversity.mmr(limit=5, balance=0.1)),
        "nearVector boost likes": boosted.near_vector([1.0, 0.0], limit=12, boost=likes),
        "bm25 boost likes": boosted.bm25("kettle", limit=12, boost=likes),
        "hybrid boost likes": boosted.hybrid("kettle", vector=[1.0, 0.0], limit=12, boost=likes),
        "nearVector boost timeDecay": boosted.near_vector([1.0, 0.0], limit=12, boost=Boost.time_decay("published", scale="3650d", weight=1.0)),
        "nearVector boost numericDecay": boosted.near_vector(
            [1.0, 0.0], limit=12, boost=Boost.numeric_decay("price", origin=0.0, scale=100.0, curve=Boost.Curve.LINEAR, weight=1.0)
        ),
        "nearVector boost filter": boosted.near_vector([1.0, 0.0], limit=5, boost=Boost.filter(Filter.by_property("featured").equal(True), weight=0.9)),
    }
    print(json.dumps({name: [str(o.uuid) for o in result.objects] for name, result in answers.items()}))
finally:
    client.close()
