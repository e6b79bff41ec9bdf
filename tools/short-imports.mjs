// Gives the web build's main WASM module short import names. wasm-bindgen names each function
// the module imports from its JavaScript glue after what it calls plus a hash
// (`__wbg_getItem_49556a3e59cfb688`), and each name is written twice: in the module's import
// section and as a key of the glue's import object. Shortening the 153 such names saves
// about 4 KB gzip of the first board's download (docs/web-size.md); wasm-bindgen has no
// option to shorten them.
//
// This renames every import of the module `./ishi_bg.js` (the glue) to a short name (`a`,
// `b`, ..., `aa`, ...) in both files, checking as it goes that each old name is a key of the
// glue's import object exactly once, so that the two files still agree; anything unexpected
// stops the build rather than leaving a module the glue cannot instantiate. The lazily loaded
// modules import nothing from the glue (they import from the main module), so they are left
// as they are.
//
//   node tools/short-imports.mjs DIR     DIR: the build's assets folder (ishi_bg-*.wasm, ishi-*.js)

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const GLUE_MODULE = "./ishi_bg.js";

function fail(message) {
    console.error(`short-imports: ${message}`);
    process.exit(1);
}

const dir = process.argv[2] ?? fail("usage: node tools/short-imports.mjs ASSETS_DIR");

function only(pattern) {
    const found = readdirSync(dir).filter((name) => pattern.test(name));
    if (found.length !== 1) fail(`${dir}: ${found.length} files match ${pattern}, not one`);
    return join(dir, found[0]);
}

const wasmPath = only(/^ishi_bg-.*\.wasm$/);
const gluePath = only(/^ishi-.*\.js$/);
const wasm = readFileSync(wasmPath);
let glue = readFileSync(gluePath, "utf8");

function readLeb(at) {
    let value = 0;
    let shift = 0;
    for (;;) {
        if (at >= wasm.length) fail(`${wasmPath}: ends inside a number`);
        const byte = wasm[at++];
        value += (byte & 0x7f) * 2 ** shift;
        shift += 7;
        if (byte < 0x80) return [value, at];
    }
}

function leb(value) {
    const bytes = [];
    do {
        let byte = value & 0x7f;
        value = Math.floor(value / 128);
        if (value > 0) byte |= 0x80;
        bytes.push(byte);
    } while (value > 0);
    return Buffer.from(bytes);
}

function name(text) {
    const bytes = Buffer.from(text, "utf8");
    return Buffer.concat([leb(bytes.length), bytes]);
}

// The end of an import's description (after its name) starting at `at`.
function skipDescription(at) {
    const kind = wasm[at++];
    let flags;
    switch (kind) {
        case 0x00: // function: its type's index
            return readLeb(at)[1];
        case 0x01: // table: element type, then limits
            at += 1;
        // falls through
        case 0x02: // memory: limits
            flags = wasm[at++];
            at = readLeb(at)[1];
            return flags & 1 ? readLeb(at)[1] : at;
        case 0x03: // global: value type, mutability
            return at + 2;
        case 0x04: // tag: attribute, type index
            return readLeb(at + 1)[1];
        default:
            return fail(`${wasmPath}: an import of unknown kind ${kind}`);
    }
}

function shortName(index) {
    const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let text = "";
    do {
        text = letters[index % letters.length] + text;
        index = Math.floor(index / letters.length);
    } while (index > 0);
    return text;
}

if (wasm.readUInt32LE(0) !== 0x6d736100) fail(`${wasmPath}: not a WASM module`);
const parts = [wasm.subarray(0, 8)];
let renamed = 0;
let at = 8;
while (at < wasm.length) {
    const id = wasm[at];
    const [size, start] = readLeb(at + 1);
    const end = start + size;
    if (id !== 2) {
        parts.push(wasm.subarray(at, end));
        at = end;
        continue;
    }
    let [count, cursor] = readLeb(start);
    const entries = [];
    for (let i = 0; i < count; i++) {
        const [moduleLength, moduleStart] = readLeb(cursor);
        const module = wasm.toString("utf8", moduleStart, moduleStart + moduleLength);
        const [fieldLength, fieldStart] = readLeb(moduleStart + moduleLength);
        const field = wasm.toString("utf8", fieldStart, fieldStart + fieldLength);
        const descriptionStart = fieldStart + fieldLength;
        cursor = skipDescription(descriptionStart);
        let newField = field;
        if (module === GLUE_MODULE) {
            if (!/^__wb(g|indgen)_[A-Za-z0-9_$]+$/.test(field)) {
                fail(`${wasmPath}: the import ${field} is not one of wasm-bindgen's (shortened already?)`);
            }
            newField = shortName(renamed++);
            const key = new RegExp(`([{,])${field.replaceAll("$", "\\$")}:`, "g");
            const keys = glue.match(key)?.length ?? 0;
            if (keys !== 1 || glue.split(field).length !== 2) {
                fail(`${gluePath}: ${field} is not exactly once a key of the import object`);
            }
            glue = glue.replace(key, `$1${newField}:`);
        }
        entries.push(
            Buffer.concat([name(module), name(newField), wasm.subarray(descriptionStart, cursor)]),
        );
    }
    if (cursor !== end) fail(`${wasmPath}: the import section does not end where it says`);
    const body = Buffer.concat([leb(count), ...entries]);
    parts.push(Buffer.from([id]), leb(body.length), body);
    at = end;
}
if (renamed === 0) fail(`${wasmPath}: no import from ${GLUE_MODULE}`);

writeFileSync(wasmPath, Buffer.concat(parts));
writeFileSync(gluePath, glue);
console.log(`short-imports: ${renamed} imports renamed in ${wasmPath} and ${gluePath}`);
