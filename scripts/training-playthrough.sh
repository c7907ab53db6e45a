#!/usr/bin/env bash
# Plays drills of the trainer by mouse, as a person would, and checks each stroke is scored and
# the progress kept.
#
# Training (`carrom play --mode training`) in a 1280x960 window under Xvfb, with a data directory
# of its own. Each time the striker is in hand (the game logs "striker at window (x, y)"),
# xdotool presses on it, pulls back in small moves and lets go; the game must log the stroke's
# score ("Training: In!", "Training: Missed the white man: too thin ...", or a foul with its
# Law) and write the player's progress file (`trainer/Player_1.json`: the menu's South name)
# holding the attempts. After the first
# stroke, 2 chooses the 30-degree cut and H asks for the coach's shot. The screen is captured
# to training-playthrough.png in the build's target directory (`$CARGO_TARGET_DIR`, else
# `target/`), or to `$OUT`.
#
#   scripts/training-playthrough.sh [path/to/carrom]   (default: target/release/carrom)
#   STROKES=5 scripts/training-playthrough.sh ...        (strokes to play, default 3)
# Needs: xvfb, xdotool, imagemagick (apt-get install xvfb xdotool imagemagick).
set -euo pipefail
strokes_wanted="${STROKES:-3}"
source "$(dirname "$0")/lib/xvfb-player.sh"
start_play_through training-playthrough.png 600 "${1:-}"
"$carrom" play --mode training > "$work/game.log" 2>&1 &
game=$!

focus_game "$work/game.log"

deadline=$(( $(date +%s) + 600 ))
strokes=0
seen=0
while [ "$strokes" -lt "$strokes_wanted" ] || [ "$(grep -c 'Training: ' "$work/game.log" || true)" -lt 1 ]; do
  [ "$(date +%s)" -lt "$deadline" ] || { echo "timed out after $strokes strokes"; tail -20 "$work/game.log"; exit 1; }
  kill -0 "$game" 2>/dev/null || { echo "the game exited:"; tail -20 "$work/game.log"; exit 1; }
  n=$(grep -c "striker at window" "$work/game.log" || true)
  if [ "$n" -gt "$seen" ]; then
    seen=$n
    scored=$(grep -c "Training: " "$work/game.log" || true)
    # Slide the striker along the base line and back (nothing strikes), then strike.
    slide_and_back "$work/game.log" || { tail -5 "$work/game.log"; exit 1; }
    stroke_from_striker "$work/game.log" "$(( (strokes % 3 - 1) * 3 ))" 10
    strokes=$(( strokes + 1 ))
    # The stroke must be scored.
    for _ in $(seq 120); do
      [ "$(grep -c "Training: " "$work/game.log" || true)" -gt "$scored" ] && break
      sleep 0.5
    done
    [ "$(grep -c "Training: " "$work/game.log" || true)" -gt "$scored" ] ||
      { echo "stroke $strokes was not scored:"; tail -20 "$work/game.log"; exit 1; }
    if [ "$strokes" -eq 1 ]; then
      key_in_game 2
      sleep 1
    fi
  else
    sleep 0.5
  fi
done
key_in_game h
sleep 8
import -window root "$out"
progress="$(ls "$work"/trainer/*.json 2>/dev/null | head -1 || true)"
[ -n "$progress" ] && [ -f "$progress" ] || { echo "no progress file in $work/trainer"; ls -R "$work"; exit 1; }
attempts=$(grep -o '"attempts": *[0-9]*' "$progress" | grep -o '[0-9]*$' | paste -sd+ | bc)
[ "${attempts:-0}" -ge "$strokes" ] ||
  { echo "the progress holds $attempts attempts after $strokes strokes"; cat "$progress"; exit 1; }
echo "$strokes strokes and ${slides:-0} slides by mouse, each stroke scored:"
grep -o "Training: .*" "$work/game.log"
echo "progress kept: $attempts attempts in trainer/$(basename "$progress"); screen: $out"
