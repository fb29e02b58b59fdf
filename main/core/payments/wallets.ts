import { createHash } from 'node:crypto';
import type { CRYPTO_NETWORKS, MessageKey } from '../../../shared/contract';
import { keyed, type KeyedCheck } from '../message-text';

type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

/**
 * What a wallet address looks like on each network the spec lists for a crypto deposit. Crypto
 * sent to a mistyped address is lost, and the service's spec only says "address of the payer's
 * e-wallet", so the console checks the form before anything is sent: the length and alphabet,
 * and the check characters where the address carries them (Tron and Tezos: base58check; BEP2:
 * bech32). The EVM networks' mixed-case checksum (EIP-55, EIP-1191 on RSK) needs Keccak-256,
 * which Electron's BoringSSL does not offer; the confirmation step shows the address instead.
 *
 * - EVM (AVAXC = Avalanche C-Chain, BEP20 = BNB Smart Chain, ERC20 = Ethereum, Polygon, RSK):
 *   "0x" and 20 bytes in hexadecimal, 42 characters.
 * - TRC20 (Tron): base58check of 0x41 and 20 bytes: 34 characters starting with "T".
 * - BEP2 (BNB Beacon Chain): bech32 with the prefix "bnb" and 20 bytes: "bnb1" and 38 characters.
 * - Solana: a 32-byte public key in base58: 32 to 44 characters.
 * - Tezos: base58check of a 3-byte prefix and 20 bytes: 36 characters starting with tz1, tz2, tz3,
 *   tz4 (implicit accounts) or KT1 (contracts).
 */
type WalletFormat = 'evm' | 'tron' | 'bep2' | 'solana' | 'tezos';

export const WALLET_FORMAT_OF: Readonly<Record<CryptoNetwork, WalletFormat>> = {
  AVAXC: 'evm',
  BEP2: 'bep2',
  BEP20: 'evm',
  ERC20: 'evm',
  Polygon: 'evm',
  Solana: 'solana',
  TRC20: 'tron',
  Tezos: 'tezos',
  RSK: 'evm',
};

/** The form in English (completes "must be a wallet address on …: "), for the CLI and the logs. */
export const WALLET_FORMAT_DESCRIBE: Readonly<Record<WalletFormat, string>> = {
  evm: '0x followed by 40 hexadecimal characters (0-9, a-f)',
  tron: 'T followed by 33 base58 characters, 34 in all',
  bep2: 'bnb1 followed by 38 lower-case letters and digits',
  solana: '32 to 44 base58 characters (no 0, O, I or l)',
  tezos: 'tz1, tz2, tz3, tz4 or KT1 followed by 33 base58 characters',
};

/** The form as the renderer's hint says it (`errors: text.wallet.<format>`). */
export const WALLET_HINT_KEY: Readonly<Record<WalletFormat, MessageKey>> = {
  evm: 'wallet.evm',
  tron: 'wallet.tron',
  bep2: 'wallet.bep2',
  solana: 'wallet.solana',
  tezos: 'wallet.tezos',
};

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 (Bitcoin's alphabet) to bytes; null for a character outside it. */
function base58Bytes(text: string): Uint8Array | null {
  let value = 0n;
  for (const character of text) {
    const digit = BASE58.indexOf(character);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 0xffn));
  // Each leading "1" is a leading zero byte.
  for (let index = 0; index < text.length && text[index] === '1'; index += 1) bytes.unshift(0);
  return Uint8Array.from(bytes);
}

const sha256 = (bytes: Uint8Array): Buffer => createHash('sha256').update(bytes).digest();

/** The payload of a base58check text whose last 4 bytes are its double SHA-256; null otherwise. */
function base58CheckPayload(text: string): Uint8Array | null {
  const bytes = base58Bytes(text);
  if (bytes === null || bytes.length < 5) return null;
  const payload = bytes.subarray(0, -4);
  const check = sha256(sha256(payload)).subarray(0, 4);
  return check.equals(bytes.subarray(-4)) ? payload : null;
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

/** BIP-173's checksum: the polymod of the expanded prefix and the data is 1 for a valid text. */
function bech32Valid(prefix: string, data: readonly number[]): boolean {
  const values = [
    ...[...prefix].map((character) => character.charCodeAt(0) >> 5),
    0,
    ...[...prefix].map((character) => character.charCodeAt(0) & 31),
    ...data,
  ];
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    BECH32_GENERATOR.forEach((generator, bit) => {
      if ((top >>> bit) & 1) checksum ^= generator;
    });
  }
  return checksum === 1;
}

/** The Tezos prefixes of tz1, tz2, tz3, tz4 and KT1 addresses (3 bytes before the 20-byte hash). */
const TEZOS_PREFIXES = [
  [6, 161, 159],
  [6, 161, 161],
  [6, 161, 164],
  [6, 161, 166],
  [2, 90, 121],
] as const;

type WalletProblem = 'form' | 'checksum';

/** What is wrong with `wallet` as an address on a network of `format`; null when nothing is. */
function walletProblemOf(format: WalletFormat, wallet: string): WalletProblem | null {
  switch (format) {
    case 'evm':
      return /^0x[0-9a-fA-F]{40}$/.test(wallet) ? null : 'form';
    case 'tron': {
      if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(wallet)) return 'form';
      const payload = base58CheckPayload(wallet);
      return payload?.length === 21 && payload[0] === 0x41 ? null : 'checksum';
    }
    case 'bep2': {
      if (!/^bnb1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{38}$/.test(wallet)) return 'form';
      const data = [...wallet.slice(4)].map((character) => BECH32.indexOf(character));
      return bech32Valid('bnb', data) ? null : 'checksum';
    }
    case 'solana': {
      if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(wallet)) return 'form';
      return base58Bytes(wallet)?.length === 32 ? null : 'form';
    }
    case 'tezos': {
      if (!/^(tz[1-4]|KT1)[1-9A-HJ-NP-Za-km-z]{33}$/.test(wallet)) return 'form';
      const payload = base58CheckPayload(wallet);
      const known =
        payload?.length === 23 &&
        TEZOS_PREFIXES.some((prefix) => prefix.every((byte, index) => payload[index] === byte));
      return known ? null : 'checksum';
    }
  }
}

/** Why a wallet is not an address on `network`, as the schema's keyed check says it; null when it is one. */
export function walletIssue(network: CryptoNetwork, wallet: string): KeyedCheck | null {
  const format = WALLET_FORMAT_OF[network] as WalletFormat | undefined;
  // A network the spec does not list is its own field's refusal.
  if (format === undefined) return null;
  const problem = walletProblemOf(format, wallet);
  if (problem === null) return null;
  return problem === 'checksum'
    ? keyed(
        'field.wallet.checksum',
        `must be a wallet address on ${network} whose check characters match (one is mistyped)`,
        { network },
      )
    : keyed(
        `field.wallet.${format}`,
        `must be a wallet address on ${network}: ${WALLET_FORMAT_DESCRIBE[format]}`,
        {
          network,
        },
      );
}
