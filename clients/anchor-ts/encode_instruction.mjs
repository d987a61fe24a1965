// One instruction's data as Anchor's TypeScript client encodes it from an IDL alone: the IDL's
// discriminator, then the arguments through `BorshCoder`, the coder behind `program.methods`, so
// that a test can hold another encoder to it byte for byte.
//
//   node encode_instruction.mjs <idl.json> <instruction> < arguments.json
//
// arguments.json is one object of the instruction's arguments, named as the IDL names them (a
// `BorshCoder` built on the IDL itself keeps its names; only `Program` turns them to camelCase):
// integers of 64 bits or more as decimal strings, read into BN; other integers as numbers; byte
// arrays as arrays of numbers; an enum as `{ "Variant": {} }`; an option as null or its value.
// Prints the data in hex on stdout; a wrong or missing name exits non-zero, naming it.

import { readFileSync } from "node:fs";
import anchor from "@coral-xyz/anchor";

const { BN, BorshCoder } = anchor;
const WIDE = new Set(["u64", "i64", "u128", "i128", "u256", "i256"]);

const [idlPath, name] = process.argv.slice(2);
if (!idlPath || !name) {
  throw new Error("arguments: <idl.json> <instruction>, the arguments' JSON on stdin");
}
const idl = JSON.parse(readFileSync(idlPath, "utf8"));
const instruction = idl.instructions.find((candidate) => candidate.name === name);
if (!instruction) {
  throw new Error(`${idlPath} has no instruction ${name}`);
}

// The coder's layouts skip a field their input lacks and leave zeros in its place, so every
// name is checked here: a misspelt one fails instead of encoding as zeros.
function fields(defined, given, path) {
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    throw new Error(`${path}: an object expected, got ${JSON.stringify(given)}`);
  }
  const names = defined.map((field) => field.name);
  if (names.includes(undefined)) {
    throw new Error(`${path}: unnamed (tuple) fields are not handled here`);
  }
  const unknown = Object.keys(given).filter((key) => !names.includes(key));
  const missing = names.filter((key) => !(key in given));
  if (unknown.length > 0 || missing.length > 0) {
    throw new Error(`${path}: missing [${missing}], unknown [${unknown}]`);
  }
  return Object.fromEntries(
    defined.map((field) => [field.name, value(field.type, given[field.name], `${path}.${field.name}`)]),
  );
}

// `given` as the coder takes a value of the IDL type `type`.
function value(type, given, path) {
  if (WIDE.has(type)) {
    if (typeof given !== "string") {
      throw new Error(`${path}: ${type} as a decimal string, got ${JSON.stringify(given)}`);
    }
    return new BN(given, 10);
  }
  if (typeof type === "string") {
    return given;
  }
  if ("option" in type) {
    return given === null ? null : value(type.option, given, path);
  }
  if ("vec" in type || "array" in type) {
    const [item, length] = type.vec ? [type.vec, given?.length] : type.array;
    if (!Array.isArray(given) || given.length !== length) {
      throw new Error(`${path}: ${JSON.stringify(type)} expected, got ${JSON.stringify(given)}`);
    }
    return given.map((element, index) => value(item, element, `${path}[${index}]`));
  }
  if ("defined" in type) {
    const definition = idl.types.find((candidate) => candidate.name === type.defined.name)?.type;
    if (definition?.kind === "struct") {
      return fields(definition.fields ?? [], given, path);
    }
    if (definition?.kind === "enum") {
      const [variant, ...more] = Object.keys(given ?? {});
      const declared = definition.variants.find((candidate) => candidate.name === variant);
      if (!declared || more.length > 0) {
        throw new Error(`${path}: one variant of ${type.defined.name} expected, got ${JSON.stringify(given)}`);
      }
      return { [variant]: fields(declared.fields ?? [], given[variant], `${path}.${variant}`) };
    }
  }
  throw new Error(`${path}: the type ${JSON.stringify(type)} is not handled here`);
}

const args = fields(instruction.args, JSON.parse(readFileSync(0, "utf8")), name);
const data = new BorshCoder(idl).instruction.encode(name, args);
console.log(data.toString("hex"));
