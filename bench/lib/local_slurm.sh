# bench/lib/local_slurm.sh — a Slurm cluster of one node on 127.0.0.1 for this machine's tests and
# benchmarks (Debian's munge, slurmctld and slurmd; no other address, no system configuration):
#   . bench/lib/local_slurm.sh
#   local_slurm_start DIR PARTITION   # config, state, logs and the munge key in DIR; exports
#                                     # SLURM_CONF; status 0 once the node is idle, else 1 (why on stderr)
#   local_slurm_stop DIR              # stops the three daemons (TERM, then KILL after a second)
# The ports are 20000 + PID mod 20000 and the next one, so two clusters of two shells do not meet.

local_slurm_stop() {
  local s=$1 f
  for f in slurmd slurmctld munged; do
    [ -f "$s/$f.pid" ] && kill "$(cat "$s/$f.pid")" 2>/dev/null
  done
  sleep 1
  for f in slurmd slurmctld munged; do
    [ -f "$s/$f.pid" ] && kill -KILL "$(cat "$s/$f.pid")" 2>/dev/null
  done
  return 0
}

local_slurm_start() {
  local s=$1 partition=$2 port mem
  mkdir -p "$s/state" "$s/spool" "$s/log"
  port=$((20000 + $$ % 20000))
  head -c 1024 /dev/urandom >"$s/munge.key"
  chmod 400 "$s/munge.key"
  munged --force --socket="$s/munge.sock" --key-file="$s/munge.key" --log-file="$s/log/munged.log" \
    --pid-file="$s/munged.pid" --seed-file="$s/munged.seed" || { echo "munged did not start" >&2; return 1; }
  mem=$(awk '/MemTotal/ { print int($2 / 1024) - 1024 }' /proc/meminfo)
  cat >"$s/slurm.conf" <<CONF
ClusterName=craig$partition
SlurmctldHost=localhost
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$s/munge.sock
CredType=cred/munge
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
StateSaveLocation=$s/state
SlurmdSpoolDir=$s/spool
SlurmctldPidFile=$s/slurmctld.pid
SlurmdPidFile=$s/slurmd.pid
SlurmctldLogFile=$s/log/slurmctld.log
SlurmdLogFile=$s/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
SwitchType=switch/none
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$mem State=UNKNOWN
PartitionName=$partition Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$s/slurm.conf
  slurmctld -i && slurmd -N localhost || { echo "slurmctld or slurmd did not start" >&2; return 1; }
  local _
  for _ in $(seq 1 40); do
    sinfo -h -o %t 2>/dev/null | grep -q idle && return 0
    sleep 0.5
  done
  echo "the node is not idle: $(sinfo 2>&1 | tail -n 2)" >&2
  return 1
}
