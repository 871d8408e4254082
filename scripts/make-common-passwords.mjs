#!/usr/bin/env node
// Writes app/features/accounts/common-passwords.txt: the common-password list of @zxcvbn-ts/language-common (MIT,
// built from leaked-password corpora), kept to what a sign-up could otherwise accept (8 to 128 characters),
// lower-cased, one per line. Run again after upgrading the package; the file is committed so the Worker
// checks passwords offline without decompressing dictionaries at start-up.
import { writeFileSync } from "node:fs";
import { dictionary } from "@zxcvbn-ts/language-common";

const MIN = 8;
const MAX = 128;
const words = new Set();
for (const word of dictionary["passwords-common"]) {
  const lower = String(word).toLowerCase();
  if (lower.length >= MIN && lower.length <= MAX && !lower.includes("\n")) words.add(lower);
}
const header = [
  "# Common passwords refused at sign-up and reset (8-128 characters, lower-case).",
  "# From @zxcvbn-ts/language-common (MIT License, https://github.com/zxcvbn-ts/zxcvbn); made by",
  "# scripts/make-common-passwords.mjs. Do not edit by hand.",
];
writeFileSync(
  new URL("../app/features/accounts/common-passwords.txt", import.meta.url),
  [...header, ...words].join("\n") + "\n",
);
console.log(`${words.size} passwords written`);
