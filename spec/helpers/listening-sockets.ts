/**
 * The sockets a process listens on, read from Linux's /proc: the socket inodes among
 * `/proc/<pid>/fd`, matched against the listening TCP sockets (state 0A) and the unconnected UDP
 * sockets (state 07) of `/proc/<pid>/net/{tcp,tcp6,udp,udp6}`. Nothing is sent anywhere.
 */
import { promises as fs } from 'node:fs'

/**
 * One listening socket.
 *
 * @example
 * ```ts
 * const s: ListeningSocket = { protocol: 'tcp', address: '127.0.0.1', port: 8080 }
 * ```
 */
export interface ListeningSocket {
  readonly protocol: 'tcp' | 'udp'
  /** `127.0.0.1`, `0.0.0.0`, `::`, `::1`, ... */
  readonly address: string
  readonly port: number
}

const TABLES = [
  { file: 'tcp', protocol: 'tcp', state: '0A' },
  { file: 'tcp6', protocol: 'tcp', state: '0A' },
  { file: 'udp', protocol: 'udp', state: '07' },
  { file: 'udp6', protocol: 'udp', state: '07' },
] as const

/** A /proc/net address (`0100007F` or 32 hex digits of 4 little-endian words) in text. */
const addressOf = (hex: string): string => {
  const bytes = Buffer.from(hex, 'hex')
  // each 32-bit word is in host (little-endian) order
  for (let i = 0; i < bytes.length; i += 4) bytes.subarray(i, i + 4).reverse()
  if (bytes.length === 4) return [...bytes].join('.')
  const words = Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2))
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) return [...bytes.subarray(12)].join('.')
  return words.every((w) => w === 0) ? '::' : words.slice(0, 7).every((w) => w === 0) && words[7] === 1 ? '::1' : words.map((w) => w.toString(16)).join(':')
}

const socketInodes = async (pid: number): Promise<Set<string>> => {
  const inodes = new Set<string>()
  for (const fd of await fs.readdir(`/proc/${pid}/fd`)) {
    const target = await fs.readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')
    const match = /^socket:\[(\d+)\]$/.exec(target)
    if (match?.[1] !== undefined) inodes.add(match[1])
  }
  return inodes
}

/**
 * Every TCP port `pid` listens on and every UDP port it has bound, sorted by protocol and port.
 *
 * @example
 * ```ts
 * await listeningSockets(server.pid) // [{ protocol: 'tcp', address: '127.0.0.1', port: 41001 }, ...]
 * ```
 */
export const listeningSockets = async (pid: number): Promise<ListeningSocket[]> => {
  const inodes = await socketInodes(pid)
  const found: ListeningSocket[] = []
  for (const table of TABLES) {
    const text = await fs.readFile(`/proc/${pid}/net/${table.file}`, 'utf8')
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/)
      const [local, state, inode] = [cols[1], cols[3], cols[9]]
      if (local === undefined || state !== table.state || inode === undefined || !inodes.has(inode)) continue
      const [hex, port] = local.split(':')
      found.push({ protocol: table.protocol, address: addressOf(hex ?? ''), port: parseInt(port ?? '', 16) })
    }
  }
  return found.sort((a, b) => a.protocol.localeCompare(b.protocol) || a.port - b.port || a.address.localeCompare(b.address))
}

/**
 * True for an address only this machine can reach (127.0.0.0/8, ::1).
 *
 * @example
 * ```ts
 * isLoopback('0.0.0.0') // false
 * ```
 */
export const isLoopback = (address: string): boolean => address.startsWith('127.') || address === '::1'
