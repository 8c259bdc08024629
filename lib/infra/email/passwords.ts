import { randomBytes } from "node:crypto";
import { DomainError } from "@/lib/errors";

/** The most common passwords of 12+ characters in public breach lists; anything here is guessed first. */
const COMMON = new Set([
  "123456789012",
  "1234567890123",
  "12345678901234",
  "123456789123",
  "qwertyuiop12",
  "qwertyuiop123",
  "qwerty123456",
  "1q2w3e4r5t6y",
  "1qaz2wsx3edc",
  "password1234",
  "password12345",
  "password123!",
  "passw0rd1234",
  "iloveyou1234",
  "abc123456789",
  "aaaaaaaaaaaa",
  "111111111111",
  "000000000000",
  "letmein12345",
  "welcome12345",
  "changeme1234",
  "administrator",
  "administrator1",
  "qwertyuiopasdf",
  "asdfghjkl123",
  "zxcvbnm12345",
  "football1234",
  "baseball1234",
  "princess1234",
  "superman1234",
  "monkey123456",
  "dragon123456",
  "sunshine1234",
  "trustno11234",
  "master123456",
]);

export function passwordProblem(password: string): string | null {
  if (password.length < 12) return "must be at least 12 characters";
  if (password.length > 128) return "must be at most 128 characters";
  if (COMMON.has(password.toLowerCase())) return "is one of the most common passwords; choose another";
  if (/^(.)\1+$/.test(password)) return "must not repeat one character";
  return null;
}

export function assertPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new DomainError("invalid_request", `The password ${problem}.`, { param: "password" });
}

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** 20 characters from 57 symbols ≈ 116 bits; no look-alikes (0/O, 1/l/I) so it can be read aloud. */
export function generatePassword(length = 20): string {
  const bytes = randomBytes(length * 2);
  let out = "";
  // Rejection sampling keeps every symbol equally likely.
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    if (bytes[i] < 256 - (256 % ALPHABET.length)) out += ALPHABET[bytes[i] % ALPHABET.length];
  }
  return out.length === length ? out : generatePassword(length);
}
