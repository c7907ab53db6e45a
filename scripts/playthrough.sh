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
carrom="${1:-${CARGO_TARGET_DIR:-target}/release/carrom}"
out="${OUT:-${CARGO_TARGET_DIR:-target}/playthrough.png}"
mkdir -p "$(dirname "$out")"
minutes="${MINUTES:-15}"
work="$(mktemp -d)"
trap 'kill $game $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT

source "$(dirname "$0")/lib/xvfb-player.sh"
start_xvfb 1280x960 400
export CARROM_CONFIG_DIR="$work"
printf 'boards_per_game = %s\ngames_to_win = 1\n' "${BOARDS:-1}" > "$work/playthrough.toml"

"$carrom" play --mode singles --rules "$work/playthrough.toml" --computer north --level hard \
  --names You,Computer --fixed-board --seed 3 > "$work/game.log" 2>&1 &
game=$!

# Keys go to the focused window: without a window manager, give the game the focus.
for _ in $(seq 50); do
  win=$(xdotool search --name "Carrom" 2>/dev/null | head -1 || true)
  [ -n "$win" ] && break
  sleep 0.2
done
[ -n "${win:-}" ] || { echo "the game's window did not open:"; tail -20 "$work/game.log"; exit 1; }
xdotool windowfocus "$win" 2>/dev/null || true

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
    read -r x y < <(striker_at "$work/game.log")
    xdotool mousemove "$x" "$y"
    sleep 0.2
    # Slide the striker 32 px along the base line and back: it moves, and nothing strikes.
    verdicts=$(grep -c "Law" "$work/game.log" || true)
    for dx in 4 -4; do
      slide "$(striker_at "$work/game.log" | cut -d' ' -f1)" "$y" "$dx"
      await_striker_line "$work/game.log" "$seen" ||
        { echo "the slide left no new place in the log"; tail -5 "$work/game.log"; exit 1; }
      seen=$(grep -c "striker at window" "$work/game.log")
      read -r sx _ < <(striker_at "$work/game.log")
      [ $(( sx - x )) -ge $(( dx > 0 ? 20 : -5 )) ] && [ $(( sx - x )) -le $(( dx > 0 ? 40 : 5 )) ] ||
        { echo "the slide by $dx moved the striker from $x to $sx"; exit 1; }
      [ "$(grep -c "Law" "$work/game.log" || true)" -eq "$verdicts" ] ||
        { echo "a slide struck"; tail -5 "$work/game.log"; exit 1; }
      slides=$(( ${slides:-0} + 1 ))
      sleep 0.2
    done
    read -r x y < <(striker_at "$work/game.log")
    xdotool mousemove "$x" "$y"
    sleep 0.2
    # Pull back (down the screen, a little to one side) in small moves.
    pull_back "$x" "$y" "$(( (strokes % 3 - 1) * 2 ))" 9
    strokes=$(( strokes + 1 ))
    sleep 1
  else
    # A due to place or a board's result waiting: Enter.
    xdotool windowfocus "$win" 2>/dev/null || true
    xdotool key Return
    sleep 1
  fi
done
echo "no summary within $minutes minutes ($strokes strokes)"; tail -20 "$work/game.log"; exit 1
