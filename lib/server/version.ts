/**
 * Server versions: parsed from `GET /v1/meta` and compared numerically (1.9 < 1.14 < 1.100), never
 * as strings. From 1.14 objects are addressed by class name and UUID.
 *
 * @packageDocumentation
 */
import * as E from 'fp-ts/Either'
import { UnsupportedVersionError } from '../core/errors'

/**
 * A parsed `major.minor.patch` version.
 */
export interface ServerVersion {
  readonly raw: string
  readonly major: number
  readonly minor: number
  readonly patch: number
}

/**
 * Parses `1.39.0`, `v1.14`, `1.25.0-rc.1`; undefined when there is no `major.minor`.
 */
export const parseVersion = (raw: string): ServerVersion | undefined => {
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(raw.trim())
  if (m === null) return undefined
  return { raw, major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3] ?? 0) }
}

/**
 * Numeric comparison of two versions: negative, zero or positive.
 */
export const compareVersions = (a: ServerVersion, b: ServerVersion): number =>
  a.major - b.major || a.minor - b.minor || a.patch - b.patch

/**
 * True from 1.14 on: class-namespaced object paths and class-qualified beacons.
 */
export const supportsClassNamespaces = (v: ServerVersion): boolean => supports(v, 'classNamespaces')

/**
 * Server features that depend on the version, with the first version that has each: class
 * namespaces (object paths and beacons with a class), the `after` cursor of a list, multi-tenancy,
 * tenant activity status, and the gRPC API the client uses.
 */
export const FEATURES = {
  classNamespaces: { since: '1.14.0', name: 'class-namespaced paths' },
  cursor: { since: '1.18.0', name: "the 'after' cursor" },
  tenants: { since: '1.20.0', name: 'multi-tenancy' },
  tenantActivity: { since: '1.21.0', name: 'tenant activity status' },
  // Tenants (server-modules.md §6; usecases/schema/tenant.go, handlers_schema.go): the input names
  // ACTIVE/INACTIVE/OFFLOADED replaced HOT/COLD/FROZEN in 1.26.0 (older servers are sent the
  // legacy names); OFFLOADED also needs the offload-s3 module. HEAD /schema/{c}/tenants/{t} from
  // 1.25.0, GET /schema/{c}/tenants/{t} from 1.28.0.
  tenantStatusNames: { since: '1.26.0', name: 'the tenant status names ACTIVE/INACTIVE/OFFLOADED' },
  tenantOffload: { since: '1.26.0', name: 'offloading tenants (OFFLOADED)' },
  tenantExists: { since: '1.25.0', name: 'HEAD of one tenant' },
  tenantGet: { since: '1.28.0', name: 'GET of one tenant' },
  // gRPC TenantsGet (grpc/proto/v1/weaviate.proto at v1.25.0); FEATURES.grpc is the same version.
  grpcTenants: { since: '1.25.0', name: 'tenants over gRPC' },
  // The first version with every gRPC method and field the client uses: BatchObjects with
  // vector_bytes (1.23.0) and named vectors (1.24.0), Search with `after` (1.22.0), BatchDelete
  // (1.23.3), and Search results with `text_value` and typed lists (1.25.0: before it text came as
  // `string_value` and lists as `ListValue.values`, which our protos do not declare, so text
  // properties would be dropped; grpc/proto/v1/properties.proto at v1.24.0:18,33 and v1.25.0:29,42).
  grpc: { since: '1.25.0', name: 'the gRPC API' },
  // Search (client.query); each line's source is in the server's tree at that tag (GraphQL
  // `Get` builder and the gRPC Search parser).
  // Search over gRPC: 1.24 sends text and lists in fields our values.proto lacks (v1.24.0
  // adapters/handlers/grpc/v1/mapping.go), 1.25 honours uses_125_api.
  grpcSearch: { since: '1.25.0', name: 'search over gRPC' },
  // The Aggregate rpc: v1.29.0, and on the 1.28 line from v1.28.5 (weaviate.proto, and the same
  // aggregate.proto with metrics, object_limit and the near/hybrid searches at both tags; none at v1.28.4).
  grpcAggregate: { since: '1.29.0', backports: ['1.28.5'], name: 'aggregate over gRPC' },
  // Date metrics in GraphQL `Aggregate` (v1.14.0 adapters/handlers/graphql/local/aggregate/properties.go
  // datePropertyFields; v1.13.2 has none).
  aggregateDate: { since: '1.14.0', name: 'aggregate metrics of a date property' },
  // `hybrid` in GraphQL `Aggregate` (v1.17.1 adapters/handlers/graphql/local/aggregate/hybrid_search.go; not at v1.17.0).
  aggregateHybrid: { since: '1.17.1', name: 'an aggregate over a hybrid search' },
  // Server-side batching as objects.batch speaks it: BatchStream (1.34.0) with Acks (1.35.0) and
  // OutOfMemory (1.36.0), grpc/proto/v1/batch.proto at each tag.
  grpcBatchStream: { since: '1.36.0', name: 'server-side batching (BatchStream)' },
  // The gRPC API as gRPC-Web on the REST port, under /v1/grpc-web (vanguard's transcoder,
  // adapters/handlers/grpc/grpcweb/server.go, mounted by grpcweb.Mount in
  // adapters/handlers/rest/configure_api.go), on unless the runtime value grpcWebEnabled is off:
  // at v1.39.0 and on the 1.38 line from v1.38.3; not in v1.38.2, nor in any 1.37.x or older tag.
  grpcWeb: { since: '1.39.0', backports: ['1.38.3'], name: 'gRPC-Web on the REST port' },
  // `distance` in nearVector/nearObject and `_additional.distance` (v1.14.1 near_filters.go).
  searchDistance: { since: '1.14.0', name: "search by 'distance'" },
  // bm25 and hybrid, and `score` / `explainScore` metadata, without experimental flags (v1.17.0).
  bm25: { since: '1.17.0', name: 'bm25 search' },
  hybrid: { since: '1.17.0', name: 'hybrid search' },
  searchScore: { since: '1.17.0', name: "the 'score' and 'explainScore' metadata" },
  // hybrid `properties` (v1.19.0 hybrid_search.go) and `fusionType` (v1.20.0).
  hybridProperties: { since: '1.19.0', name: "hybrid search 'queryProperties'" },
  hybridFusion: { since: '1.20.0', name: "hybrid search 'fusionType'" },
  // Hybrid's `maxVectorDistance`: GraphQL from 1.26.3, gRPC's Hybrid.vector_distance from 1.28.5
  // (adapters/handlers/grpc/v1/parse_search_request.go); an older gRPC server would drop the
  // unknown field and search without the threshold, so the later cut-off holds for both.
  hybridMaxVectorDistance: { since: '1.28.5', name: "hybrid search 'maxVectorDistance'" },
  // Both transports at once (BM25.search_operator and GraphQL's searchOperator; backported to
  // 1.30.17): grpc/proto/v1/base_search.proto, adapters/handlers/graphql/local/common_filters/bm25.go.
  keywordOperator: { since: '1.30.17', name: "a keyword search's 'searchOperator'" },
  // OPERATOR_AND_CROSS and GraphQL's AndCross, same files (backported to 1.38.8).
  keywordAndCross: { since: '1.38.8', name: "the keyword search operator 'AndCross'" },
  autocut: { since: '1.20.0', name: 'autocut' },
  // groupBy of nearVector/nearObject (v1.19.0 class_builder_fields.go).
  searchGroupBy: { since: '1.19.0', name: "a vector search's 'groupBy'" },
  // groupBy of bm25 and hybrid: grouped by the traverser from 1.25.0 (usecases/traverser/hybrid_group_by.go,
  // weaviate#4477); 1.24's gRPC parser takes a groupBy but its bm25/hybrid paths never group.
  keywordGroupBy: { since: '1.25.0', name: "a bm25 or hybrid search's 'groupBy'" },
  searchConsistency: { since: '1.19.0', name: "a search's 'consistencyLevel'" },
  // targetVectors and `_additional.vectors` (v1.24.0 class_builder.go).
  namedVectors: { since: '1.24.0', name: 'named vectors in search' },
  // `vectors` in object writes: models.Object has `Vectors` from v1.24.0 (not in v1.23.16's
  // entities/models/object.go), written by usecases/objects add/update/merge.go; 1.18.6 answers
  // 200 and drops the field.
  namedVectorWrites: { since: '1.24.0', name: "named vectors ('vectors') in object writes" },
  // A named vector that is a list of vectors: v1.29.0 entities/models/vectors.go decodes
  // [][]float32 over REST, and gRPC's Vectors.type MULTI_FP32 (grpc/proto/v1/base.proto,
  // adapters/handlers/grpc/v1/batch_parse_request.go) came with it; 1.28.x knows neither.
  multiVectors: { since: '1.29.0', name: 'multi-vectors' },
  // Several target vectors in one search: gRPC's `Targets` (v1.26.0 grpc/proto/v1/search_get.proto)
  // and GraphQL's `targets` (v1.26.0 common_filters/targets.go); before, one target only.
  multiTargetVectors: { since: '1.26.0', name: 'a search over several target vectors' },
  // Weights per target vector (combinations RELATIVE_SCORE and MANUAL): `Targets.weights_for_targets`
  // (field 4) from v1.27.0 grpc/proto/v1/search_get.proto, read by extractWeights in
  // adapters/handlers/grpc/v1/parse_search_request.go; v1.26.x has only the map (field 3), which
  // this client does not send. Sent over gRPC only.
  targetWeights: { since: '1.27.0', name: "weights per target vector ('relative-score', 'manual-weights')" },
  // A hybrid search's vector side as a search of its own: `Hybrid.near_text` (field 8) and
  // `near_vector` (field 9) from v1.25.0 grpc/proto/v1/search_get.proto; sent over gRPC only.
  hybridSubSearch: { since: '1.25.0', name: "a hybrid search's nearVector or nearText sub-search" },
  // A vector per target vector: `NearVector.vector_for_targets` (field 8) from v1.27.0
  // grpc/proto/v1/search_get.proto (v1.26.x has only the map, field 7, not sent by this client).
  vectorPerTarget: { since: '1.27.0', name: 'a vector per target vector' },
  // Searches the server vectorizes. nearText and nearImage have no row: both are GraphQL `Get`
  // arguments on every server we support (v1.13.0 modules/text2vec-transformers/neartext and
  // img2vec-neural, with moveTo/moveAwayFrom objects), and gRPC's near_text / near_image (v1.22.0
  // grpc/proto/v1/search_get.proto) predate FEATURES.grpcSearch; a class whose modules declare no
  // such argument is the server's refusal, not a version's. Aggregates over nearText have no row
  // either: GraphQL `Aggregate`'s nearText comes from the same module argument
  // (AggregateArgumentsFunction, v1.13.0 modules/text2vec-transformers/neartext/graphql_provider.go,
  // with `targetVectors` from v1.24.0 usecases/modulecomponents/arguments/nearText, which is
  // FEATURES.namedVectors), and gRPC's AggregateRequest.near_text is in aggregate.proto and
  // parse_aggregate_request.go at v1.28.5 and v1.29.0 alike (FEATURES.grpcAggregate). The other
  // media: GraphQL `nearAudio`, `nearVideo`, `nearDepth`, `nearThermal`, `nearIMU` arrive with
  // multi2vec-bind in v1.21.0 (modules/multi2vec-bind/near*/graphql_provider.go; no 1.20.x has it),
  // gRPC's near_audio/video in v1.22.0 and near_depth/thermal/imu in v1.24.0, both before
  // FEATURES.grpcSearch.
  nearMedia: { since: '1.21.0', name: 'a search by audio, video, depth, thermal or IMU data (nearMedia)' },
  // Generative search: GraphQL `_additional { generate(singleResult: {prompt}, groupedResult: {task}) { singleResult
  // groupedResult error } }` from v1.18.0 (modules/generative-openai/additional/generate/generate_graphql_field.go),
  // `groupedResult.properties` from v1.19.0 (same file); the field exists only on a class whose
  // generative module is enabled. gRPC: SearchRequest.generative with GenerativeSearch.single /
  // .grouped and the replies SearchResult.generative / SearchReply.generative_grouped_results, read
  // when uses_127_api is set, from v1.27.0 (grpc/proto/v1/generative.proto, search_get.proto,
  // adapters/handlers/grpc/v1/generative/parser.go); 1.25-1.26 read only the deprecated fields, so
  // a generative search goes over GraphQL there.
  generative: { since: '1.18.0', name: 'generative search' },
  generativeGroupedProperties: { since: '1.19.0', name: "a grouped task's 'groupedProperties'" },
  grpcGenerative: { since: '1.27.0', name: 'generative search over gRPC' },
  // Rerank: GraphQL `_additional { rerank(property, query) { score } }` from v1.20.0
  // (modules/reranker-cohere/additional/rank/rank_graphql_field.go); gRPC SearchRequest.rerank and
  // MetadataResult.rerank_score are in every gRPC Search this client uses (v1.25.0 search_get.proto).
  rerank: { since: '1.20.0', name: 'rerank' },
  // generate, rerank and queryProfile with groupBy need no row of their own: each needs its own
  // row and the grouping's. gRPC: GroupByResult.rerank / .generative (the group's single prompt)
  // and SearchReply.generative_grouped_result are in search_get.proto from v1.24.0, filled by
  // extractGroup and Search in adapters/handlers/grpc/v1/prepare_reply.go alike at v1.25.0, v1.27.0
  // and v1.39.0, with query_profile set outside the grouping at v1.36.9 and v1.37.0. GraphQL: the
  // group's item is a result like any (v1.19.0 adapters/repos/db/shard_group_by.go), extended by
  // the modules' additional properties in usecases/traverser/explorer.go.
  // `_additional { isConsistent }` in GraphQL `Get` from v1.19.0 (adapters/handlers/graphql/local/get/
  // class_builder.go isConsistentField; none at v1.18.0); gRPC's MetadataRequest.is_consistent is in
  // every gRPC Search this client uses.
  searchIsConsistent: { since: '1.19.0', name: "the search metadata 'isConsistent'" },
  // The query profile: gRPC MetadataRequest.query_profile and SearchReply.query_profile
  // (grpc/proto/v1/search_get.proto, adapters/handlers/grpc/v1/prepare_reply.go extractQueryProfile),
  // and GraphQL `_additional { queryProfile }` (a JSON string on the first object,
  // adapters/handlers/graphql/local/get/class_builder.go, adapters/repos/db/helpers/profile_collector.go):
  // from v1.37.0, and on the 1.36 line from v1.36.9 (none at v1.36.8 or on the 1.35 line).
  queryProfile: { since: '1.37.0', backports: ['1.36.9'], name: 'the query profile' },
  // Diversity selection (maximal marginal relevance), gRPC only (no GraphQL argument at v1.39.0
  // in adapters/handlers/graphql): grpc/proto/v1/base_search.proto `Selection` on NearVector,
  // NearObject, NearTextSearch and Hybrid, read by parseSelection in
  // adapters/handlers/grpc/v1/parse_search_request.go from v1.37.0 (none at v1.36.x) and applied
  // per shard (v1.37.0 adapters/repos/db/shard_read.go applySelection). Hybrid's is applied to
  // the fused results from v1.39.0 (usecases/traverser/explorer_hybrid.go DiversifyResults);
  // v1.37 and v1.38 hand it to the vector side's search before fusion (denseSearch), which fusion
  // then reorders, so hybrid's row is 1.39.0. The media messages declare the field but v1.39.0's
  // parser never reads it, so no media search offers it.
  mmr: { since: '1.37.0', name: "diversity selection ('diversity', maximal marginal relevance)" },
  hybridMmr: { since: '1.39.0', name: "a hybrid search's 'diversity'" },
  // Boost: SearchRequest.boost (grpc/proto/v1/search_get.proto field 62, parsed by extractBoost
  // in adapters/handlers/grpc/v1/parse_search_request.go, validated by entities/filters/boost.go,
  // scored by usecases/traverser/boost_scorer.go) from v1.38.0, none at v1.37.x; gRPC only.
  boost: { since: '1.38.0', name: "a search's 'boost'" },
  // where operators (common_filters/filters.go at each tag).
  whereIsNull: { since: '1.16.0', name: "the where operator 'IsNull'" },
  whereContainsAnyAll: { since: '1.21.0', name: "the where operators 'ContainsAny' and 'ContainsAll'" },
  whereContainsNone: { since: '1.33.0', name: "the where operator 'ContainsNone'" },
  // Not with one operand: entities/filters/filters.go's OperatorNot, gRPC's OPERATOR_NOT
  // (adapters/handlers/grpc/v1/filters.go) and REST/GraphQL's `Not` (adapters/handlers/rest/filterext/parse.go)
  // all from v1.33.0; GraphQL listed the enum value `Not` before (v1.32.0 common_filters/filters.go)
  // without an operator behind it, and no 1.32 patch has OperatorNot.
  whereNot: { since: '1.33.0', name: "the where operator 'Not'" },
  // A filter on a property's length, the path `len(property)` with `valueInt` (with the class's
  // `invertedIndexConfig.indexPropertyLength`): entities/schema/data_types.go's IsPropertyLength and
  // its use in entities/filters/filters_validator.go and adapters/repos/db/inverted/prop_value_pairs.go
  // from v1.16.0, none at v1.15.0. Filters on `_creationTimeUnix` / `_lastUpdateTimeUnix` (valueDate
  // or a text of milliseconds) and a reference count (`valueInt` on a reference property) are in
  // filters_validator.go at v1.13.0 already, so they have no row; an id list is `ContainsAny` on
  // the id (whereContainsAnyAll).
  wherePropertyLength: { since: '1.16.0', name: "a filter on a property's length" },
  // An id filter's value: `valueString` before, `valueText` from 1.19 (entities/filters/filters_validator.go,
  // validateInternalPropertyClause, at v1.18.6 and v1.19.0).
  idFilterText: { since: '1.19.0', name: "an id filter's 'valueText'" },
  // Aliases: GET|POST /v1/aliases and GET|PUT|DELETE /v1/aliases/{aliasName}, no feature flag
  // (v1.32.0 adapters/handlers/rest/handlers_aliases.go; none of it at v1.31.0).
  aliases: { since: '1.32.0', name: 'aliases' },
  // Backups (adapters/handlers/rest/handlers_backup.go, usecases/backup/scheduler.go at each tag;
  // docs/backups.md). `backports` are patch releases of older minor
  // lines that got the feature: there it starts at that patch, on later minor lines at `since`.
  // Create, status, restore and restore status: v1.15.0.
  backup: { since: '1.15.0', name: 'backups' },
  // DELETE /v1/backups/{backend}/{id}: v1.27.0, backported to 1.24.25, 1.25.17 and 1.26.5.
  backupCancel: { since: '1.27.0', backports: ['1.24.25', '1.25.17', '1.26.5'], name: 'cancelling a backup' },
  // GET /v1/backups/{backend}: routed from 1.24.25 / 1.27.0, but the scheduler answered "not
  // implemented" until 1.30.12, 1.31.5 and 1.32.0 (scheduler.go List, backup-filesystem AllBackups).
  backupList: { since: '1.32.0', backports: ['1.30.12', '1.31.5'], name: 'listing backups' },
  // DELETE /v1/backups/{backend}/{id}/restore (handlers_backup.go, scheduler.go at v1.36.0).
  restoreCancel: { since: '1.36.0', name: 'cancelling a restore' },
  // The request's `config.Path` (and the status `path` query): v1.28.0, backported to 1.27.2.
  backupPath: { since: '1.28.0', backports: ['1.27.2'], name: "a backup's 'path'" },
  // RestoreConfig `rolesOptions` / `usersOptions`: v1.32.0, backported to 1.30.9 and 1.31.2.
  restoreRbacOptions: { since: '1.32.0', backports: ['1.30.9', '1.31.2'], name: "a restore's 'rolesOptions' and 'usersOptions'" },
  // BackupRestoreRequest `overwriteAlias`: v1.33.0, backported to 1.32.5.
  restoreOverwriteAlias: { since: '1.33.0', backports: ['1.32.5'], name: "a restore's 'overwriteAlias'" },
  // Cluster (openapi-specs/schema.json and adapters/handlers/rest/handlers_nodes.go at each tag):
  // GET /v1/nodes from v1.16.0, /v1/nodes/{className} from v1.20.0, the `output` query
  // (minimal|verbose) from v1.23.0, the `shardName` query of /nodes/{className} from v1.31.0 (not
  // on 1.30.x), GET /v1/cluster/statistics from v1.25.0.
  nodes: { since: '1.16.0', name: 'node status' },
  nodesByClass: { since: '1.20.0', name: 'node status of one class' },
  nodesOutput: { since: '1.23.0', name: "node status 'output' (minimal or verbose)" },
  nodesShard: { since: '1.31.0', name: 'node status of one shard' },
  clusterStatistics: { since: '1.25.0', name: 'cluster statistics' },
  // Replica movement: every /v1/replication/replicate... handler and /v1/replication/sharding-state
  // from v1.31.0 (adapters/handlers/rest/replication/handlers_setup.go; none at v1.30.0), each
  // answering 501 unless the server runs with REPLICA_MOVEMENT_ENABLED=true.
  replication: { since: '1.31.0', name: 'replica movement (replication operations and sharding state)' },
  // GET|POST /v1/replication/scale (a scale plan: computed, applied; handlers_replicate.go
  // getReplicationScalePlan): v1.34.1, backported to 1.32.17 and 1.33.5 (none at 1.34.0, 1.33.4,
  // 1.32.16); 501 without REPLICA_MOVEMENT_ENABLED, as the rest of replication.
  replicationScale: { since: '1.34.1', backports: ['1.32.17', '1.33.5'], name: 'replication scale plans' },
  // Role-based access control (adapters/handlers/rest/authz/handlers_authz.go and
  // openapi-specs/schema.json at each tag): roles, their permissions, has-permission, assigning
  // roles to users, the roles of a user and the users of a role from v1.28.0 (with the permission
  // kinds backups, data, nodes, roles, collections, cluster).
  rbac: { since: '1.28.0', name: 'role-based access control' },
  // The `tenants` permission kind: v1.28.3 (Permission.tenants, *_tenants actions).
  rbacTenants: { since: '1.28.3', name: "the 'tenants' permission" },
  // The `users` permission kind (assign_and_revoke_users, read_users) and create/update/delete_roles
  // with the roles `scope` (before: manage_roles): v1.28.5.
  rbacUsers: { since: '1.28.5', name: "the 'users' permission and the create/update/delete role actions" },
  // POST /authz/groups/{id}/assign|revoke and GET /users/own-info: v1.28.5 and v1.29.0.
  rbacOwnInfo: { since: '1.29.0', backports: ['1.28.5'], name: "the caller's own information (users.ownInfo)" },
  rbacGroupAssign: { since: '1.29.0', backports: ['1.28.5'], name: 'assigning roles to groups' },
  // Database users: /users/db, /users/db/{id}, rotate-key, activate, deactivate; the user type in
  // role assignment, GET /authz/users/{id}/roles/{userType}, GET /authz/roles/{id}/user-assignments,
  // and create/update/delete_users: v1.30.0 (adapters/handlers/rest/db_users/handlers_db_users.go).
  dbUsers: { since: '1.30.0', name: 'database users and user types' },
  // The `replicate` permission kind: v1.31.0.
  rbacReplication: { since: '1.31.0', name: "the 'replication' permission" },
  // The `aliases` permission kind: v1.32.0.
  rbacAliases: { since: '1.32.0', name: "the 'aliases' permission" },
  // GET /authz/groups/{groupType}, /authz/groups/{id}/roles/{groupType},
  // /authz/roles/{id}/group-assignments and the `groups` permission kind: v1.33.0, backported to 1.32.5.
  rbacGroups: { since: '1.33.0', backports: ['1.32.5'], name: "listing groups, their roles, and the 'groups' permission" },
  // The `mcp` permission kind (create_mcp, read_mcp, update_mcp; usecases/auth/authorization/types.go
  // and Permission.action in openapi-specs/schema.json): v1.38.0, backported to 1.37.1.
  rbacMcp: { since: '1.38.0', backports: ['1.37.1'], name: "the 'mcp' permission" },
  // The `namespaces` permission kind (manage_namespaces, Permission.namespaces): v1.38.0.
  rbacNamespaces: { since: '1.38.0', name: "the 'namespaces' permission" },
  // Collection configuration (client.schema.createClass / updateClass / updateConfig), each read
  // from the server's source at the tag named: the vector index types in
  // entities/vectorindex/config.go (flat v1.23.0, dynamic v1.25.0, hfresh v1.35.0); the quantizer
  // fields of entities/vectorindex/hnsw/config.go (pq v1.18.0, bq v1.24.0, sq v1.26.0, rq v1.32.0;
  // filterStrategy v1.27.0; skipDefaultQuantization v1.33.0, backported to 1.32.5) and
  // entities/vectorindex/flat/config.go (bq with flat itself, rq v1.34.0);
  // hnsw/multivector_config.go (muvera v1.31.0); entities/models/class.go (replicationConfig
  // v1.17.0, vectorConfig v1.24.0, objectTtlConfig v1.35.0); models/replication_config.go
  // (asyncEnabled v1.26.0 to v1.37.x, deletionStrategy v1.27.0, asyncConfig v1.36.0);
  // models/multi_tenancy_config.go (autoTenantCreation v1.25.0, autoTenantActivation v1.25.2);
  // models/inverted_index_config.go (indexNullState and indexPropertyLength v1.16.0,
  // usingBlockMaxWAND v1.30.0, tokenizerUserDict v1.35.0, stopwordPresets v1.37.0). Adding a named
  // vector to an existing class: v1.31.0 (usecases/schema/parser.go validateNamedVectorConfigsParityAndImmutables).
  flatIndex: { since: '1.23.0', name: "the vector index type 'flat'" },
  dynamicIndex: { since: '1.25.0', name: "the vector index type 'dynamic'" },
  hfreshIndex: { since: '1.35.0', name: "the vector index type 'hfresh'" },
  pqQuantizer: { since: '1.18.0', name: 'product quantization (pq)' },
  bqHnsw: { since: '1.24.0', name: 'binary quantization (bq) of an hnsw index' },
  sqQuantizer: { since: '1.26.0', name: 'scalar quantization (sq)' },
  rqHnsw: { since: '1.32.0', name: 'rotational quantization (rq) of an hnsw index' },
  rqFlat: { since: '1.34.0', name: 'rotational quantization (rq) of a flat index' },
  hnswFilterStrategy: { since: '1.27.0', name: "the hnsw setting 'filterStrategy'" },
  skipDefaultQuantization: { since: '1.33.0', backports: ['1.32.5'], name: "the vector index setting 'skipDefaultQuantization'" },
  muvera: { since: '1.31.0', name: 'MUVERA encoding of multi-vectors' },
  namedVectorConfig: { since: '1.24.0', name: "named vectors ('vectorConfig')" },
  addNamedVector: { since: '1.31.0', name: 'adding a named vector to an existing class' },
  replicationConfig: { since: '1.17.0', name: "replication ('replicationConfig')" },
  replicationAsyncEnabled: { since: '1.26.0', name: "'replicationConfig.asyncEnabled'" },
  replicationDeletionStrategy: { since: '1.27.0', name: "'replicationConfig.deletionStrategy'" },
  replicationAsyncConfig: { since: '1.36.0', name: "'replicationConfig.asyncConfig'" },
  autoTenantCreation: { since: '1.25.0', name: "'multiTenancyConfig.autoTenantCreation'" },
  autoTenantActivation: { since: '1.25.2', name: "'multiTenancyConfig.autoTenantActivation'" },
  indexNullState: { since: '1.16.0', name: "'invertedIndexConfig.indexNullState'" },
  indexPropertyLength: { since: '1.16.0', name: "'invertedIndexConfig.indexPropertyLength'" },
  blockMaxWand: { since: '1.30.0', name: "'invertedIndexConfig.usingBlockMaxWAND'" },
  tokenizerUserDict: { since: '1.35.0', name: "'invertedIndexConfig.tokenizerUserDict'" },
  stopwordPresets: { since: '1.37.0', name: "'invertedIndexConfig.stopwordPresets'" },
  objectTtl: { since: '1.35.0', name: "object time-to-live ('objectTtlConfig')" },
  // Index management (openapi-specs/schema.json and adapters/handlers/rest at each tag; no 1.35.x,
  // 1.36.x or 1.37.x patch has a later route): DELETE /schema/{c}/properties/{p}/index/{i} from
  // v1.36.0 (handlers_schema.go deleteClassPropertyIndex); DELETE /schema/{c}/vectors/{v}/index from
  // v1.37.0 (deleteClassVectorIndex; usecases/schema/property.go refuses it unless the server runs
  // with ENABLE_EXPERIMENTAL_ALTER_SCHEMA_DROP_VECTOR_INDEX_ENDPOINT=true, still so at v1.39.0);
  // GET /schema/{c}/indexes from v1.38.0 (handlers_indexes.go getIndexes).
  deletePropertyIndex: { since: '1.36.0', name: "dropping a property's inverted index" },
  deleteVectorIndex: { since: '1.37.0', name: "dropping a named vector's index" },
  indexStatus: { since: '1.38.0', name: 'the index status of a class' },
  // Tokenize (adapters/handlers/rest/handlers_tokenize.go, TokenizeRequest in openapi-specs/schema.json):
  // POST /v1/tokenize and /v1/schema/{c}/properties/{p}/tokenize from v1.37.0 (none at v1.36.23);
  // the request's `stopwords` from v1.38.0, backported to 1.37.2 (not in v1.37.1's TokenizeRequest).
  tokenize: { since: '1.37.0', name: 'tokenize' },
  tokenizeStopwords: { since: '1.38.0', backports: ['1.37.2'], name: "tokenize's 'stopwords'" },
  // POST /v1/schema/{c}/properties/{p}/index/{i}/rebuild and .../cancel from v1.39.0 (handlers_indexes.go
  // rebuildIndex, cancelIndex; none on 1.38.x), and PUT .../index/{i} (handlers_indexes_upsert.go
  // upsertIndex, the same tag): a reindex task in the distributed-task namespace `reindex`
  // (adapters/repos/db/reindex_provider_payload.go), read back from GET /v1/tasks.
  indexRebuild: { since: '1.39.0', name: "rebuilding, cancelling and upserting a property's inverted index" },
  // GET /v1/tasks (adapters/handlers/rest/handlers_distributed_tasks.go, openapi-specs/schema.json):
  // from v1.31.0, none on 1.30.x.
  distributedTasks: { since: '1.31.0', name: 'distributed tasks' },
  // Exports (adapters/handlers/rest/handlers_export.go, usecases/export/scheduler.go,
  // ExportCreateRequest in openapi-specs/schema.json): POST /v1/export/{backend}, GET and DELETE
  // /v1/export/{backend}/{id} from v1.37.0 with the same request and status at v1.38.0 and v1.39.0;
  // none in any 1.36.x tag. The server refuses them (422) unless it runs with EXPORT_ENABLED=true.
  export: { since: '1.37.0', name: 'exports (Parquet)' },
  // Namespaces (adapters/handlers/rest/namespaces/handlers_namespaces.go, openapi-specs/schema.json):
  // list, get, create, update and delete from v1.38.0 (none at v1.37.14); suspend and resume from
  // v1.39.0 and on the 1.38 line from v1.38.7 (not in v1.38.6). The server answers 404 "namespaces
  // are not enabled" unless it runs with NAMESPACES_ENABLED=true, which needs RBAC and
  // DISABLE_GRAPHQL=true (usecases/config/config_handler.go Validate) and REPLICATION_MAXIMUM_FACTOR=1
  // (adapters/handlers/rest/configure_api.go).
  namespaces: { since: '1.38.0', name: 'namespaces' },
  namespaceSuspend: { since: '1.39.0', backports: ['1.38.7'], name: 'suspending and resuming a namespace' },
  // The REST Search API's nearText (adapters/handlers/rest/search/, SearchNearTextRequest in
  // openapi-specs/schema.json): POST /v1/search/{collection}/near-text from v1.38.6 (none in v1.38.5)
  // with the same request and answer through v1.39.0; served only with
  // EXPERIMENTAL_REST_SEARCH_ENABLED=true (422 otherwise). v1.38.10 and v1.38.11 also route bm25,
  // hybrid and near-object, which v1.39.0 does not, so this client uses nearText only.
  restSearchNearText: { since: '1.39.0', backports: ['1.38.6'], name: "nearText over the REST Search API ('restSearch')" },
} as const satisfies Readonly<Record<string, { readonly since: string; readonly name: string; readonly backports?: readonly string[] }>>

/**
 * A version-dependent server feature.
 */
export type Feature = keyof typeof FEATURES

/**
 * True when the server has `feature`.
 */
export const supports = (v: ServerVersion, feature: Feature): boolean => {
  const since = SINCE[feature]
  if (since !== undefined && compareVersions(v, since) >= 0) return true
  return (BACKPORTS.get(feature) ?? []).some((b) => b.major === v.major && b.minor === v.minor && v.patch >= b.patch)
}

/** Each feature's first version, parsed once (operations check features on every call). */
const SINCE = Object.fromEntries(Object.entries(FEATURES).map(([feature, f]) => [feature, parseVersion(f.since)])) as Readonly<Record<Feature, ServerVersion | undefined>>

/** The backports of each feature (patch releases of older minor lines), parsed once. */
const BACKPORTS: ReadonlyMap<string, readonly ServerVersion[]> = new Map(
  Object.entries(FEATURES).map(([feature, f]): [string, readonly ServerVersion[]] => [
    feature,
    ('backports' in f ? f.backports : []).map(parseVersion).filter((b): b is ServerVersion => b !== undefined),
  ]),
)

/**
 * The versions that have `feature`, in words: `1.15.0`, or with backports
 * `1.32.0 (1.30.12 on 1.30.x, 1.31.5 on 1.31.x)`.
 */
export const requiredVersion = (feature: Feature): string => {
  const f: { readonly since: string; readonly backports?: readonly string[] } = FEATURES[feature]
  const backports = f.backports ?? []
  if (backports.length === 0) return f.since
  const lines = backports.map((b) => `${b} on ${b.split('.').slice(0, 2).join('.')}.x`)
  return `${f.since} (${lines.join(', ')})`
}

/**
 * `right(undefined)` when the server has `feature`, else an {@link UnsupportedVersionError} naming
 * it; operations check this before sending anything.
 */
export const requireFeature = (v: ServerVersion, feature: Feature): E.Either<UnsupportedVersionError, undefined> =>
  supports(v, feature)
    ? E.right(undefined)
    : E.left(new UnsupportedVersionError({ feature: FEATURES[feature].name, requires: requiredVersion(feature), serverVersion: v.raw }))
