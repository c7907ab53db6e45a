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
strokes=0
seen=0
while [ "$(date +%s)" -lt "$deadline" ]; do
  if grep -q "Match summary" "$work/game.log"; then
    sleep 2
    import -window root "$out"
    echo "summary shown after $strokes strokes and ${slides:-0} slides by mouse: $(grep -o 'Match summary.*' "$work/game.log" | head -1)"
    grep -o 'Board result.*' "$work/game.log" || true
    echo "screen: $out"
    exit 0
  fi
  if ! kill -0 "$game" 2>/dev/null; then
    echo "the game exited:"; tail -20 "$work/game.log"; exit 1
  fi
  # A new "striker at window" line: our turn has settled.
  n=$(grep -c "striker at window" "$work/game.log" || true)
  if [ "$n" -gt "$seen" ]; then
    seen=$n
    # Slide the striker along the base line and back: it moves, and nothing strikes.
    slide_and_back "$work/game.log" || { tail -5 "$work/game.log"; exit 1; }
    # Pull back (down the screen, a little to one side) in small moves.
    stroke_from_striker "$work/game.log" "$(( (strokes % 3 - 1) * 2 ))" 9
    strokes=$(( strokes + 1 ))
    sleep 1
  else
    # A due to place or a board's result waiting: Enter.
    key_in_game Return
    sleep 1
  fi
done
echo "no summary within $minutes minutes ($strokes strokes)"; tail -20 "$work/game.log"; exit 1
