#!/usr/bin/env bash
# Two game windows on one machine play a board across the loopback interface, by mouse, as two
# people would: one hosts (Asha at South, with the host's hard computers at North and West), the
# other joins (Ravi, given East).
#
# A one-board doubles match under Xvfb, the two windows side by side (the host's at the left,
# the guest's 1280 pixels to the right). How the match is set up:
#   START=cli (the default): `carrom host` and `carrom join`, with a one-board rules file.
#   START=menu: both games start at the menu, and the script clicks through "Play across
#     machines" as a person would: the host chooses doubles, the computer at North and West,
#     this machine only and port 0, and hosts; the guest types the address, the code and his
#     name into the join form and joins. The menu's settings (one board, hard computers, the
#     names) are the settings files written here.
# Each window logs where its striker is when its own player is to strike ("striker at window
# (x, y)"); xdotool presses on it in that window, pulls back in small moves and lets go.
# Enter dismisses what waits in a window (a due to place, the board's result). When the match
# ends in both windows (each logs "Match summary"), both windows are captured. Screens go to
# `$OUT_DIR` (default: the build's target directory): online-host.png and online-guest.png at
# the end, online-host-play.png and online-guest-play.png after the fourth stroke, and with
# START=menu online-menu-host.png, online-menu-join.png and online-waiting.png on the way.
#
#   scripts/online-playthrough.sh [path/to/carrom]   (default: target/release/carrom)
# Needs: xvfb, xdotool, imagemagick (apt-get install xvfb xdotool imagemagick).
set -euo pipefail
carrom="${1:-${CARGO_TARGET_DIR:-target}/release/carrom}"
out_dir="${OUT_DIR:-${CARGO_TARGET_DIR:-target}}"
mkdir -p "$out_dir"
minutes="${MINUTES:-15}"
work="$(mktemp -d)"
host_pid=""; guest_pid=""
trap 'kill $host_pid $guest_pid $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT

source "$(dirname "$0")/lib/xvfb-player.sh"
start_xvfb 2560x960 400
mkdir -p "$work/host" "$work/guest"
# A click at (x, y) of the screen, the pointer brought there first.
click_at() {
  xdotool mousemove "$1" "$2"; sleep 0.3; xdotool click 1; sleep 0.6
}
# Typed into the window's field being edited, then Enter.
type_in() { # window text
  xdotool windowfocus "$1" 2>/dev/null || true
  sleep 0.2
  xdotool type --delay 120 "$2"
  xdotool key Return
  sleep 0.5
}
code=PLAY1
if [ "${START:-cli}" = menu ]; then
  # The menu's settings: one board, the hard computers, the host's names.
  printf '(volume: 0.0, names: ("Asha", "Guest", "Meera", "Vikram"), level: "hard", length: "board")\n' \
    > "$work/host/settings.ron"
  printf '(volume: 0.0, names: ("Somebody", "Guest", "Player 3", "Player 4"), level: "hard", length: "board")\n' \
    > "$work/guest/settings.ron"
  CARROM_CONFIG_DIR="$work/host" "$carrom" > "$work/host.log" 2>&1 &
  host_pid=$!
  first=$(find_window "ICF Laws") || { echo "no host window:"; tail -20 "$work/host.log"; exit 1; }
  sleep 8
  click_at 296 730          # Play across machines - host or join
  click_at 333 289          # Match: doubles
  click_at 333 398          # North: the computer
  click_at 333 506          # West: the computer
  click_at 333 667          # Open to: this machine only
  click_at 333 559          # Port: 0, any free port
  type_in "$first" 0
  import -window "$first" "$out_dir/online-menu-host.png"
  click_at 333 775          # Host the match
  for _ in $(seq 100); do
    line=$(grep -ao 'Hosting on 127.0.0.1:[0-9]* with code [0-9A-Z]*' "$work/host.log" || true)
    [ -n "$line" ] && break
    sleep 0.1
  done
  [ -n "${line:-}" ] || { echo "the menu did not host:"; tail -20 "$work/host.log"; exit 1; }
  port=$(echo "$line" | sed 's/.*127.0.0.1:\([0-9]*\).*/\1/')
  code=${line##* }
  echo "the host's menu hosts on 127.0.0.1:$port with code $code"
  sleep 1
  import -window "$first" "$out_dir/online-waiting.png"
  CARROM_CONFIG_DIR="$work/guest" "$carrom" > "$work/guest.log" 2>&1 &
  guest_pid=$!
  second=$(find_window "ICF Laws" "$first") ||
    { echo "no guest window:"; tail -20 "$work/guest.log"; exit 1; }
  for _ in $(seq 20); do
    sleep 0.5
    xdotool windowmove "$second" 1280 0 2>/dev/null || true
    xdotool getwindowgeometry "$second" | grep -q "Position: 1280,0" && break
  done
  sleep 8
  click_at $(( 1280 + 296 )) 730   # Play across machines - host or join
  click_at $(( 1280 + 947 )) 270   # Host's address
  type_in "$second" "127.0.0.1:$port"
  click_at $(( 1280 + 947 )) 324   # Join code
  type_in "$second" "$(echo "$code" | tr 'A-Z' 'a-z')"
  click_at $(( 1280 + 947 )) 378   # Your name
  type_in "$second" Ravi
  import -window "$second" "$out_dir/online-menu-join.png"
  click_at $(( 1280 + 947 )) 543   # Join the match
else
  printf 'boards_per_game = 1\ngames_to_win = 1\n' > "$work/one-board.toml"
  CARROM_CONFIG_DIR="$work/host" "$carrom" host --bind 127.0.0.1 --port 0 --code "$code" \
    --mode doubles --here south --computer north,west --level hard \
    --names Asha,Guest,Meera,Vikram --rules "$work/one-board.toml" --seed 3 > "$work/host.log" 2>&1 &
  host_pid=$!
  for _ in $(seq 100); do
    port=$(grep -o 'Hosting on 127.0.0.1:[0-9]*' "$work/host.log" 2>/dev/null | grep -o '[0-9]*$' || true)
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "${port:-}" ] || { echo "the host did not start:"; cat "$work/host.log"; exit 1; }
  echo "host on 127.0.0.1:$port"
  CARROM_CONFIG_DIR="$work/guest" "$carrom" join "127.0.0.1:$port" --code play1 --name Ravi \
    > "$work/guest.log" 2>&1 &
  guest_pid=$!
fi

# Both windows, named for their part once the match starts: the host's on the left, the
# guest's on the right.
host_win=$(find_window "hosting $code") || { echo "no host window:"; tail -20 "$work/host.log"; exit 1; }
guest_win=$(find_window "Ravi, joined") || { echo "no guest window:"; tail -20 "$work/guest.log"; exit 1; }
# The window opens at the screen's corner and may be placed again as it maps: move it until it
# stays.
for _ in $(seq 20); do
  sleep 0.5
  xdotool windowmove "$guest_win" 1280 0 2>/dev/null || true
  xdotool getwindowgeometry "$guest_win" | grep -q "Position: 1280,0" && break
done
xdotool getwindowgeometry "$guest_win" | grep -q "Position: 1280,0" ||
  { echo "the guest's window would not move aside"; exit 1; }
sleep 1

strokes=0
declare -A seen=([host]=0 [guest]=0)
declare -A win=([host]=$host_win [guest]=$guest_win)
declare -A left=([host]=0 [guest]=1280)
deadline=$(( $(date +%s) + minutes * 60 ))
idle=0
while [ "$(date +%s)" -lt "$deadline" ]; do
  if grep -q "Match summary" "$work/host.log" && grep -q "Match summary" "$work/guest.log"; then
    sleep 2
    import -window "$host_win" "$out_dir/online-host.png"
    import -window "$guest_win" "$out_dir/online-guest.png"
    echo "the match ended in both windows after $strokes strokes by mouse"
    echo "host:  $(grep -o 'Match summary.*' "$work/host.log" | head -1)"
    echo "guest: $(grep -o 'Match summary.*' "$work/guest.log" | head -1)"
    grep -h "took the host's\|refused\|Refused" "$work/host.log" "$work/guest.log" || true
    echo "screens: $out_dir/online-host.png $out_dir/online-guest.png"
    exit 0
  fi
  for who in host guest; do
    pid=$([ $who = host ] && echo "$host_pid" || echo "$guest_pid")
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "the $who's game exited:"; tail -20 "$work/$who.log"; exit 1
    fi
  done
  acted=0
  for who in host guest; do
    n=$(grep -c "striker at window" "$work/$who.log" || true)
    if [ "$n" -gt "${seen[$who]}" ]; then
      seen[$who]=$n
      read -r x y < <(striker_at "$work/$who.log")
      x=$(( x + ${left[$who]} ))
      calls=$(grep -c "G[0-9]* B[0-9]*" "$work/$who.log" || true)
      # A press the window missed (it was not yet taking the pointer) is made again.
      for attempt in 1 2 3; do
        xdotool mousemove "$(( x + 3 ))" "$y"
        sleep 0.3
        xdotool mousemove "$x" "$y"
        sleep 0.3
        pull_back "$x" "$y" "$(( (strokes % 3 - 1) * 2 ))" 9
        for _ in $(seq 40); do
          [ "$(grep -c "G[0-9]* B[0-9]*" "$work/$who.log" || true)" -gt "$calls" ] && break 2
          sleep 0.25
        done
        echo "the $who's window did not strike; again"
      done
      strokes=$(( strokes + 1 ))
      acted=1
      if [ "$strokes" -eq 4 ]; then
        sleep 1.5
        import -window "$host_win" "$out_dir/online-host-play.png"
        import -window "$guest_win" "$out_dir/online-guest-play.png"
      fi
      sleep 1
    fi
  done
  if [ "$acted" -eq 0 ]; then
    idle=$(( idle + 1 ))
    # Something waits in a window (a due to place, the board's result): Enter, now and then.
    if [ $(( idle % 3 )) -eq 0 ]; then
      for w in "$host_win" "$guest_win"; do
        xdotool windowfocus "$w" 2>/dev/null || true
        xdotool key --window "$w" Return 2>/dev/null || true
      done
    fi
    sleep 1
  fi
done
echo "no match summary in both windows within $minutes minutes ($strokes strokes)"
tail -15 "$work/host.log"; echo ---; tail -15 "$work/guest.log"; exit 1
