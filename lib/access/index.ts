/**
 * Access control (Weaviate 1.28+): `client.roles` (roles and their typed permissions) and
 * `client.users` (role assignment to users and groups, database users, the caller's own
 * information).
 *
 * @packageDocumentation
 */
export { rolesApi } from './roles'
export type { GroupAssignment, Role, RolesApi, UserAssignment } from './roles'
export { usersApi } from './users'
export type { AssignedRolesOptions, DbUser, DbUserReadOptions, DbUsersApi, DeactivateOptions, GroupsApi, OwnInfo, UserRoleOptions, UserType, UsersApi } from './users'
export type {
  AliasesPermission,
  BackupsPermission,
  ClusterPermission,
  CollectionsPermission,
  CrudAction,
  DataPermission,
  GroupsPermission,
  McpPermission,
  NamespacesPermission,
  NodesPermission,
  OtherPermission,
  Permission,
  PermissionKind,
  ReplicationPermission,
  RolesPermission,
  TenantsPermission,
  UsersPermission,
} from './permissions'
