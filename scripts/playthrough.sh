#!/usr/bin/env bash
# Plays one board of carrom by mouse, as a person would, and checks the match summary appears.
#
# A one-board, one-game match (a rules file made here) between you at South and the hard
# computer at North, on a fixed board, in a 1280x960 window under Xvfb. Each of your turns: the
# game logs where the striker is ("striker at window (x, y)"); xdotool presses on it and slides
# it along the base line and back (the log must show it moved, and no stroke), then presses on
# it, pulls back in small moves and lets go (a soft stroke); Enter dismisses anything waiting (a due to place,
# a board's result). When the board ends the match ends: the summary must appear in the log
# ("Match summary: ..."); the screen is captured to playthrough.png in the build's target
# directory (`$CARGO_TARGET_DIR`, else `target/`), or to `$OUT`.
#
#   scripts/playthrough.sh [path/to/carrom]   (default: target/release/carrom)
#   BOARDS=2 scripts/playthrough.sh ...        (a longer match: each board's result is dismissed
#                                              with Enter, as a player would click it away)
# Needs: xvfb, xdotool, imagemagick (apt-get install xvfb xdotool imagemagick).
set -euo pipefail
minutes="${MINUTES:-15}"
source "$(dirname "$0")/lib/xvfb-player.sh"
start_play_through playthrough.png 400 "${1:-}"
printf 'boards_per_game = %s\ngames_to_win = 1\n' "${BOARDS:-1}" > "$work/playthrough.toml"

"$carrom" play --mode singles --rules "$work/playthrough.toml" --computer north --level hard \
  --names You,Computer --fixed-board --seed 3 > "$work/game.log" 2>&1 &
game=$!

focus_game "$work/game.log"

deadline=$(( $(date +%s) + minutes * 60 ))
play_until_summary "$work/game.log" "$deadline" slide || exit 1
sleep 2
import -window root "$out"
echo "summary shown after $strokes strokes and ${slides:-0} slides by mouse: $(grep -o 'Match summary.*' "$work/game.log" | head -1)"
grep -o 'Board result.*' "$work/game.log" || true
echo "screen: $out"
