#!/bin/sh
# Regenerates the GNU Go fixtures (run once; the files are data, kept in git).
#
# Each game is GNU Go 3.8 playing itself from an empty or handicap start (`--score finish`
# plays both sides to two passes and writes the record with `-o`); `NAME.stones` is what GNU Go
# itself sees after loading that record again over GTP (`loadsgf`, `list_stones`), an
# independent check of the final position. `--seed` makes the games the same on every run.
set -eu
cd "$(dirname "$0")"
gnugo=/usr/games/gnugo

game() { # name level start-sgf [extra gnugo options]
    name=$1 level=$2 start=$3
    shift 3
    printf '%s\n' "$start" > "$name.start.sgf"
    "$gnugo" --quiet --seed 1 --level "$level" "$@" --score finish -l "$name.start.sgf" -o "$name.sgf" > /dev/null 2>&1
    rm "$name.start.sgf"
    printf 'loadsgf %s\nlist_stones black\nlist_stones white\nquit\n' "$name.sgf" \
        | "$gnugo" --mode gtp \
        | awk '/^=/ { n++; sub(/^= ?/, ""); if (n == 2) print "black: " $0; if (n == 3) print "white: " $0 }' \
        > "$name.stones"
}

game gnugo-9x9 10 '(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese])'
game gnugo-13x13 5 '(;GM[1]FF[4]SZ[13]KM[6.5]RU[Japanese])'
game gnugo-19x19-handicap 1 '(;GM[1]FF[4]SZ[19]HA[4]KM[0.5]RU[Japanese]AB[dd][pd][dp][pp])'
game gnugo-19x19-chinese 1 '(;GM[1]FF[4]SZ[19]KM[7.5]RU[Chinese])' --chinese-rules
