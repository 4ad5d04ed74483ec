#include "sat/drat_miner.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <string>
#include <vector>

#include "base/stopwatch.hpp"

namespace craig::sat {
namespace {

using Clock = std::chrono::steady_clock;

constexpr uint32_t kNone = UINT32_MAX;

// The clause database as a sequence of events over clause ids (one id per clause content).
enum Event : uint32_t { kAddInput = 0, kAddLemma = 1, kAddAgain = 2, kDelete = 3 };

inline uint32_t lit_index(Lit l) { return l > 0 ? 2u * static_cast<uint32_t>(l) : 2u * static_cast<uint32_t>(-l) + 1; }

inline uint32_t var_index(Lit l) { return static_cast<uint32_t>(l > 0 ? l : -l); }

struct Watch {
    uint32_t clause : 31;
    uint32_t binary : 1;  // then the blocker is the other literal and the clause is not read
    Lit blocker;          // another literal of the clause; if it is true the clause is skipped
};

// Sorts, removes duplicates; returns false for a tautology.
bool normalize(std::vector<Lit>& c) {
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
    for (Lit l : c)
        if (l < 0 && std::binary_search(c.begin(), c.end(), -l)) return false;
    return true;
}

uint64_t hash_clause(std::span<const Lit> c) {
    uint64_t h = 0x9e3779b97f4a7c15ull ^ c.size();
    for (Lit l : c) {
        h ^= static_cast<uint32_t>(l);
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    return h;
}

}  // namespace

// One session's trace. Everything derived from the trace is kept between calls: the clause
// database, the events, and the chain of every lemma a proof needed (a lemma's chain only uses
// clauses added before it, and the trace only grows, so the chain stays valid). A later proof
// parses only the new part of the trace and checks only lemmas no earlier proof needed.
class DratMiner::Miner {
public:
    ResolutionProof mine(std::span<const uint8_t> trace, const InputClauses& inputs, std::span<const Lit> root_clause,
                         MinerStats& stats);

private:
    void read(std::span<const uint8_t> trace);
    void prepare(std::span<const Lit> root_clause);
    void check_root(std::span<const Lit> root_clause);
    void backward();
    ResolutionProof build();

    uint32_t size_of(uint32_t id) const { return begin_[id + 1] - begin_[id]; }
    std::span<Lit> lits_of(uint32_t id) { return {arena_.data() + begin_[id], size_of(id)}; }
    std::span<const Lit> lits_of_const(uint32_t id) const { return {arena_.data() + begin_[id], size_of(id)}; }

    // Forward pass.
    uint32_t intern(std::span<const Lit> c, bool& existed);
    uint32_t lookup(std::span<const Lit> c) const;
    void grow_table();
    void add_input(uint32_t input_id);

    // Backward pass.
    void activate(uint32_t id);
    void deactivate(uint32_t id);
    // Core and other clauses are watched in separate lists, so that core-first propagation
    // never walks over the clauses it skips.
    std::vector<Watch>& watches(Lit l, uint8_t core) { return watches_[2 * lit_index(l) + core]; }
    void remove_watch(Lit l, uint32_t id, uint8_t core);
    void mark_core(uint32_t id);
    void mark_needed(uint32_t id);
    int8_t val(Lit l) const { return vals_[lit_index(l)]; }
    void assign(Lit l, uint32_t reason) {
        vals_[lit_index(l)] = 1;
        vals_[lit_index(-l)] = -1;
        reason_[var_index(l)] = reason;
        trail_.push_back(l);
    }
    bool rup(std::span<const Lit> clause);
    uint32_t propagate();
    uint32_t propagate_literal(Lit t, uint8_t core);
    uint32_t resurrect(bool& conflict);
    void build_occurrences();
    void analyze(uint32_t conflict);
    void backtrack();

    // Build.
    uint32_t rebuild_chain(ResolutionProof& proof, uint32_t chain_begin, uint32_t chain_size);

    const InputClauses* inputs_ = nullptr;
    MinerStats stats_;
    size_t parsed_ = 0;        // trace bytes parsed so far
    uint32_t next_input_ = 0;  // first input clause not yet merged in

    // Clause database: clause id -> literals (sorted until the backward pass reorders them).
    std::vector<Lit> arena_;
    std::vector<uint32_t> begin_{0};
    std::vector<uint64_t> hash_;
    std::vector<uint32_t> count_;         // copies alive at the end of the trace
    std::vector<uint32_t> alive_;         // copies alive where the backward pass is
    std::vector<uint32_t> input_of_;      // input id of a clause first added as input, else kNone
    std::vector<uint32_t> first_event_;   // index in events_ of the clause's first addition
    std::vector<uint32_t> void_deletes_;  // deletions to skip backward (after a resurrection)
    std::vector<uint8_t> core_;           // used by some check (of this or an earlier proof)
    std::vector<uint8_t> needed_;         // in this proof
    std::vector<uint32_t> cached_;        // needed lemmas with a chain from an earlier proof: to expand
    uint32_t pending_ = 0;                // needed lemmas without a chain
    std::vector<uint32_t> chain_of_;      // offset in chains_ of a checked lemma's chain
    std::vector<uint32_t> chain_size_;
    std::vector<uint32_t> node_of_;  // proof node of a needed clause, during build()
    std::vector<uint32_t> table_;    // open addressing: clause id + 1, 0 = empty
    uint32_t table_used_ = 0;
    std::vector<uint32_t> events_;  // id << 2 | Event
    uint32_t empty_ = kNone;        // id of the empty clause once seen
    uint32_t max_var_ = 0;
    std::vector<Lit> scratch_;

    // Propagation state, indexed by variable or literal index.
    std::vector<int8_t> vals_;
    std::vector<uint32_t> reason_;
    std::vector<uint8_t> seen_;
    std::vector<Lit> trail_;
    std::vector<std::vector<Watch>> watches_;
    std::vector<uint32_t> units_;     // alive unit clauses
    std::vector<uint32_t> unit_pos_;  // position in units_ (by clause id)

    // Chains, flat: conflict clause, then (pivot variable, reason clause) pairs.
    std::vector<uint32_t> chains_;
    uint32_t root_chain_ = 0, root_chain_size_ = 0;
    uint32_t now_ = 0;  // the event the backward pass is at: clauses first added before it exist

    // Occurrence lists of all clauses (by literal index), built on the first resurrection.
    std::vector<uint32_t> occ_begin_, occurrences_;
    uint32_t occ_clauses_ = 0;  // clauses they cover

    // Chain rebuilding.
    std::vector<uint32_t> antecedents_, pivots_;
    std::vector<Lit> resolvent_;
    std::vector<uint8_t> in_resolvent_;  // by literal index
};

uint32_t DratMiner::Miner::lookup(std::span<const Lit> c) const {
    if (table_.empty()) return kNone;
    uint64_t h = hash_clause(c);
    size_t mask = table_.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        uint32_t slot = table_[i];
        if (!slot) return kNone;
        uint32_t id = slot - 1;
        if (hash_[id] != h || size_of(id) != c.size()) continue;
        // Compared as sets: propagation reorders the stored literals, c is sorted.
        bool same = true;
        for (Lit l : lits_of_const(id)) same &= std::binary_search(c.begin(), c.end(), l);
        if (same) return id;
    }
}

void DratMiner::Miner::grow_table() {
    std::vector<uint32_t> old = std::move(table_);
    table_.assign(old.empty() ? 1024 : 2 * old.size(), 0);
    size_t mask = table_.size() - 1;
    for (uint32_t slot : old) {
        if (!slot) continue;
        size_t i = hash_[slot - 1] & mask;
        while (table_[i]) i = (i + 1) & mask;
        table_[i] = slot;
    }
}

uint32_t DratMiner::Miner::intern(std::span<const Lit> c, bool& existed) {
    uint32_t id = lookup(c);
    existed = id != kNone;
    if (existed) return id;
    if (2 * (table_used_ + 1) > table_.size()) grow_table();
    id = static_cast<uint32_t>(hash_.size());
    if (id >= (1u << 30)) throw ProofError("proof trace too large (2^30 distinct clauses)");
    arena_.insert(arena_.end(), c.begin(), c.end());
    begin_.push_back(static_cast<uint32_t>(arena_.size()));
    uint64_t h = hash_clause(c);
    hash_.push_back(h);
    count_.push_back(0);
    input_of_.push_back(kNone);
    first_event_.push_back(kNone);
    size_t mask = table_.size() - 1;
    size_t i = h & mask;
    while (table_[i]) i = (i + 1) & mask;
    table_[i] = id + 1;
    ++table_used_;
    for (Lit l : c) max_var_ = std::max(max_var_, var_index(l));
    if (c.empty()) empty_ = id;
    return id;
}

void DratMiner::Miner::add_input(uint32_t input_id) {
    ++stats_.inputs;
    auto c = inputs_->clause(input_id);
    scratch_.assign(c.begin(), c.end());
    for (Lit l : scratch_)
        if (l == 0 || l == INT_MIN) throw ProofError("input clause with literal 0");
    if (!normalize(scratch_)) return;  // a tautology: CaDiCaL drops it, and so do proofs
    bool existed;
    uint32_t id = intern(scratch_, existed);
    if (!existed) input_of_[id] = input_id, first_event_[id] = static_cast<uint32_t>(events_.size());
    events_.push_back(id << 2 | (existed ? kAddAgain : kAddInput));
    ++count_[id];
}

// Binary DRAT: 'a' or 'd', then literals, each 2·var + sign as a little-endian base-128 number
// (high bit: more bytes follow), then a 0 byte.
void DratMiner::Miner::read(std::span<const uint8_t> trace) {
    auto start = Clock::now();
    stats_.trace_bytes = trace.size();
    if (trace.size() < parsed_ || inputs_->size() < next_input_)
        throw ProofError("proof trace or input log shorter than at the previous proof");
    auto inputs_until = [&](uint64_t offset) {
        while (next_input_ < inputs_->size() && inputs_->drat_offset[next_input_] <= offset) add_input(next_input_++);
    };
    size_t pos = parsed_, n = trace.size();
    while (pos < n) {
        inputs_until(pos);
        size_t record = pos;
        uint8_t kind = trace[pos++];
        if (kind != 'a' && kind != 'd')
            throw ProofError("proof trace byte " + std::to_string(record) + ": not a binary DRAT record");
        scratch_.clear();
        for (;;) {
            uint64_t u = 0;
            unsigned shift = 0;
            uint8_t byte;
            do {
                if (pos == n || shift > 28)
                    throw ProofError("proof trace byte " + std::to_string(record) + ": truncated record");
                byte = trace[pos++];
                u |= static_cast<uint64_t>(byte & 0x7f) << shift;
                shift += 7;
            } while (byte & 0x80);
            if (!u) break;
            uint64_t var = u >> 1;
            if (!var || var > static_cast<uint64_t>(INT_MAX))
                throw ProofError("proof trace byte " + std::to_string(record) + ": bad literal");
            scratch_.push_back(u & 1 ? -static_cast<Lit>(var) : static_cast<Lit>(var));
        }
        bool clause = normalize(scratch_);
        if (kind == 'a') {
            ++stats_.additions;
            if (!clause) continue;  // a tautology is implied by anything and never needed
            bool existed;
            uint32_t id = intern(scratch_, existed);
            if (existed)
                ++stats_.readded;
            else
                first_event_[id] = static_cast<uint32_t>(events_.size());
            events_.push_back(id << 2 | (existed ? kAddAgain : kAddLemma));
            ++count_[id];
        } else {
            ++stats_.deletions;
            uint32_t id = clause ? lookup(scratch_) : kNone;
            if (id == kNone || !count_[id]) {
                ++stats_.ignored_deletions;
                continue;
            }
            events_.push_back(id << 2 | kDelete);
            --count_[id];
        }
    }
    inputs_until(UINT64_MAX);
    parsed_ = n;
    stats_.parse_seconds += base::seconds_since(start);
}

// Sets up the propagation state for the clauses alive at the end of the trace.
void DratMiner::Miner::prepare(std::span<const Lit> root_clause) {
    for (Lit l : root_clause) max_var_ = std::max(max_var_, var_index(l));
    uint32_t clauses = static_cast<uint32_t>(hash_.size());
    core_.resize(clauses, 0);
    chain_of_.resize(clauses, kNone);
    chain_size_.resize(clauses, 0);
    unit_pos_.assign(clauses, kNone);
    needed_.assign(clauses, 0);
    node_of_.assign(clauses, kNone);
    void_deletes_.assign(clauses, 0);
    alive_ = count_;
    pending_ = 0;
    cached_.clear();
    vals_.assign(2 * (max_var_ + 1), 0);
    reason_.assign(max_var_ + 1, kNone);
    seen_.assign(max_var_ + 1, 0);
    watches_.resize(4 * (max_var_ + 1));
    for (auto& ws : watches_) ws.clear();
    units_.clear();
    trail_.reserve(max_var_ + 1);
    in_resolvent_.assign(2 * (max_var_ + 1), 0);
    if (occ_clauses_ != clauses) occ_begin_.clear();  // rebuilt when needed
    now_ = static_cast<uint32_t>(events_.size());
    for (uint32_t id = 0; id < clauses; ++id)
        if (alive_[id]) activate(id);
}

void DratMiner::Miner::activate(uint32_t id) {
    uint32_t size = size_of(id);
    if (size == 0) return;  // the empty clause is found through alive_[empty_]
    if (size == 1) {
        unit_pos_[id] = static_cast<uint32_t>(units_.size());
        units_.push_back(id);
        return;
    }
    Lit* c = arena_.data() + begin_[id];
    uint32_t binary = size == 2;
    watches(c[0], core_[id]).push_back({id, binary, c[1]});
    watches(c[1], core_[id]).push_back({id, binary, c[0]});
}

void DratMiner::Miner::remove_watch(Lit l, uint32_t id, uint8_t core) {
    auto& ws = watches(l, core);
    for (size_t i = 0; i < ws.size(); ++i)
        if (ws[i].clause == id) {
            ws[i] = ws.back();
            ws.pop_back();
            return;
        }
}

void DratMiner::Miner::deactivate(uint32_t id) {
    uint32_t size = size_of(id);
    if (size == 0) return;
    if (size == 1) {
        uint32_t pos = unit_pos_[id], last = units_.back();
        units_[pos] = last;
        unit_pos_[last] = pos;
        units_.pop_back();
        unit_pos_[id] = kNone;
        return;
    }
    const Lit* c = arena_.data() + begin_[id];
    remove_watch(c[0], id, core_[id]);
    remove_watch(c[1], id, core_[id]);
}

// A clause this proof uses; a lemma either has a chain from an earlier proof, whose antecedents
// are then needed too, or must be checked when the backward pass reaches it.
void DratMiner::Miner::mark_needed(uint32_t id) {
    if (needed_[id]) return;
    needed_[id] = 1;
    if (input_of_[id] != kNone) return;
    if (chain_of_[id] == kNone)
        ++pending_;
    else
        cached_.push_back(id);
}

// Moves an alive clause's watches to the core lists.
void DratMiner::Miner::mark_core(uint32_t id) {
    if (core_[id]) return;
    if (size_of(id) >= 2) {
        const Lit* c = arena_.data() + begin_[id];
        remove_watch(c[0], id, 0);
        remove_watch(c[1], id, 0);
        core_[id] = 1;
        activate(id);
    }
    core_[id] = 1;
}

// Visits the clauses watching -t (t has become true), only the core ones or only the others.
uint32_t DratMiner::Miner::propagate_literal(Lit t, uint8_t core) {
    const Lit falsified = -t;
    auto& ws = watches(falsified, core);
    size_t i = 0, j = 0, n = ws.size();
    uint32_t conflict = kNone;
    while (i < n) {
        Watch w = ws[i++];
        int8_t b = val(w.blocker);
        if (b > 0) {
            ws[j++] = w;
            continue;
        }
        if (w.binary) {
            ws[j++] = w;
            if (b < 0) {
                conflict = w.clause;
                break;
            }
            assign(w.blocker, w.clause);
            ++stats_.propagations;
            continue;
        }
        Lit* c = arena_.data() + begin_[w.clause];
        uint32_t size = size_of(w.clause);
        if (c[0] == falsified) std::swap(c[0], c[1]);
        if (val(c[0]) > 0) {
            w.blocker = c[0];
            ws[j++] = w;
            continue;
        }
        uint32_t k = 2;
        while (k < size && val(c[k]) < 0) ++k;
        if (k < size) {
            c[1] = c[k];
            c[k] = falsified;
            watches(c[1], core).push_back({w.clause, 0, c[0]});
            continue;
        }
        ws[j++] = w;
        if (val(c[0]) < 0) {
            conflict = w.clause;
            break;
        }
        assign(c[0], w.clause);
        ++stats_.propagations;
    }
    while (i < n) ws[j++] = ws[i++];
    ws.resize(j);
    return conflict;
}

// Core-first unit propagation (drat-trim): propagate over core clauses to a fixpoint, and only
// then let one literal propagate over the other clauses before going back to the core.
uint32_t DratMiner::Miner::propagate() {
    size_t core_head = 0, all_head = 0;
    for (;;) {
        while (core_head < trail_.size())
            if (uint32_t c = propagate_literal(trail_[core_head++], 1); c != kNone) return c;
        if (all_head == trail_.size()) return kNone;
        if (uint32_t c = propagate_literal(trail_[all_head++], 0); c != kNone) return c;
    }
}

void DratMiner::Miner::backtrack() {
    for (Lit l : trail_) {
        vals_[lit_index(l)] = vals_[lit_index(-l)] = 0;
        reason_[var_index(l)] = kNone;
    }
    trail_.clear();
}

// The conflict and the reasons of the seen literals, in reverse trail order, are a resolution
// chain deriving the negations of the seen lemma literals (a subset of the lemma).
void DratMiner::Miner::analyze(uint32_t conflict) {
    chains_.push_back(conflict);
    mark_core(conflict);
    mark_needed(conflict);
    for (Lit l : lits_of(conflict)) seen_[var_index(l)] = 1;
    for (size_t i = trail_.size(); i-- > 0;) {
        Lit t = trail_[i];
        uint32_t v = var_index(t);
        if (!seen_[v] || reason_[v] == kNone) continue;
        uint32_t r = reason_[v];
        chains_.push_back(v);
        chains_.push_back(r);
        mark_core(r);
        mark_needed(r);
        for (Lit l : lits_of(r)) seen_[var_index(l)] = 1;
    }
    for (Lit t : trail_) seen_[var_index(t)] = 0;
}

bool DratMiner::Miner::rup(std::span<const Lit> clause) {
    ++stats_.checked;
    for (Lit l : clause)
        if (!val(l)) assign(-l, kNone);
    uint32_t conflict = kNone;
    if (empty_ != kNone && alive_[empty_]) conflict = empty_;
    for (size_t i = 0; conflict == kNone && i < units_.size(); ++i) {
        Lit u = arena_[begin_[units_[i]]];
        if (val(u) < 0)
            conflict = units_[i];
        else if (!val(u))
            assign(u, units_[i]);
    }
    if (conflict == kNone) conflict = propagate();
    while (conflict == kNone) {
        bool falsified;
        uint32_t c = resurrect(falsified);
        if (c == kNone) break;
        conflict = falsified ? c : propagate();
    }
    if (conflict == kNone) {
        backtrack();
        return false;
    }
    analyze(conflict);
    backtrack();
    return true;
}

void DratMiner::Miner::build_occurrences() {
    uint32_t clauses = static_cast<uint32_t>(hash_.size());
    occ_begin_.assign(vals_.size() + 1, 0);
    for (Lit l : arena_) ++occ_begin_[lit_index(l) + 1];
    for (size_t i = 1; i < occ_begin_.size(); ++i) occ_begin_[i] += occ_begin_[i - 1];
    occurrences_.resize(arena_.size());
    occ_clauses_ = clauses;
    std::vector<uint32_t> fill(occ_begin_.begin(), occ_begin_.end() - 1);
    for (uint32_t id = 0; id < clauses; ++id)
        for (Lit l : lits_of(id)) occurrences_[fill[lit_index(l)]++] = id;
}

// When propagation over the alive clauses gets stuck, a clause that existed before but is not
// alive may still be unit or falsified. CaDiCaL re-adds clauses without tracing them: restoring
// clauses of an eliminated variable that comes back in a new clause or an assumption goes
// through its path for original clauses, which a DRAT trace does not echo. Any clause first added
// before now is a sound antecedent (deletion only saves work), so such a clause is made alive
// again from now back to its last deletion. Returns it (assigning its unit literal, or with
// `falsified` set), or kNone.
uint32_t DratMiner::Miner::resurrect(bool& falsified) {
    if (occ_begin_.empty()) build_occurrences();
    for (size_t i = 0; i < trail_.size(); ++i) {
        uint32_t li = lit_index(-trail_[i]);
        for (uint32_t k = occ_begin_[li]; k < occ_begin_[li + 1]; ++k) {
            uint32_t c = occurrences_[k];
            if (alive_[c] || first_event_[c] >= now_) continue;
            auto lits = lits_of(c);
            uint32_t open = 0;
            bool satisfied = false;
            for (uint32_t j = 0; j < lits.size() && !satisfied && open < 2; ++j) {
                int8_t v = val(lits[j]);
                if (v > 0)
                    satisfied = true;
                else if (!v && open++ == 0)
                    std::swap(lits[0], lits[j]);
            }
            if (satisfied || open > 1) continue;
            ++stats_.resurrected;
            alive_[c] = 1;
            ++void_deletes_[c];
            activate(c);
            falsified = open == 0;
            if (!falsified) assign(lits[0], c);
            return c;
        }
    }
    return kNone;
}

void DratMiner::Miner::check_root(std::span<const Lit> root_clause) {
    auto start = Clock::now();
    // Assuming both l and -l makes the failed clause a tautology, which resolution cannot derive;
    // the other failed assumptions may still be refuted on their own.
    scratch_.assign(root_clause.begin(), root_clause.end());
    bool tautology = !normalize(scratch_);
    if (tautology) {
        std::vector<Lit> all = scratch_;
        std::erase_if(scratch_, [&](Lit l) { return std::binary_search(all.begin(), all.end(), -l); });
    }
    root_chain_ = static_cast<uint32_t>(chains_.size());
    if (!rup(scratch_))
        throw ProofError(tautology          ? "the failed assumptions contain a literal and its negation"
                         : scratch_.empty() ? "the proof trace does not refute the clauses (no empty clause)"
                                            : "the clause of failed assumptions does not follow by unit propagation");
    root_chain_size_ = static_cast<uint32_t>(chains_.size()) - root_chain_;
    stats_.check_seconds += base::seconds_since(start);
}

void DratMiner::Miner::backward() {
    auto start = Clock::now();
    auto expand_cached = [&] {
        while (!cached_.empty()) {
            uint32_t id = cached_.back();
            cached_.pop_back();
            uint32_t b = chain_of_[id], n = chain_size_[id];
            mark_needed(chains_[b]);
            for (uint32_t i = 2; i < n; i += 2) mark_needed(chains_[b + i]);
        }
    };
    expand_cached();
    for (size_t e = events_.size(); pending_ && e-- > 0;) {
        now_ = static_cast<uint32_t>(e);
        uint32_t id = events_[e] >> 2;
        switch (events_[e] & 3) {
            case kDelete:
                if (void_deletes_[id])
                    --void_deletes_[id];
                else if (alive_[id]++ == 0)
                    activate(id);
                break;
            case kAddAgain:
            case kAddInput:
                if (--alive_[id] == 0) deactivate(id);
                break;
            case kAddLemma:
                if (--alive_[id] == 0) deactivate(id);
                if (!needed_[id] || chain_of_[id] != kNone) break;
                --pending_;
                chain_of_[id] = static_cast<uint32_t>(chains_.size());
                if (!rup(lits_of(id)))
                    throw ProofError("proof trace: lemma " + std::to_string(id) + " of size " +
                                     std::to_string(size_of(id)) +
                                     " is not RUP (a RAT step or a clause added without a trace)");
                chain_size_[id] = static_cast<uint32_t>(chains_.size()) - chain_of_[id];
                expand_cached();
                break;
        }
    }
    stats_.check_seconds += base::seconds_since(start);
}

// Recomputes a chain's clause from its antecedents' (possibly stronger) clauses: a step whose
// pivot is no longer in the resolvent is skipped; an antecedent without the pivot replaces the
// resolvent so far. The result is a subset of the chain's original clause. Returns the node (an
// antecedent itself when only one is left).
uint32_t DratMiner::Miner::rebuild_chain(ResolutionProof& proof, uint32_t chain_begin, uint32_t chain_size) {
    auto& in = in_resolvent_;
    auto node = [&](uint32_t id) {
        if (node_of_[id] == kNone) throw ProofError("internal: antecedent without a proof node");
        return node_of_[id];
    };
    auto load = [&](uint32_t n) {
        for (Lit l : resolvent_) in[lit_index(l)] = 0;
        resolvent_.assign(proof.clause(n).begin(), proof.clause(n).end());
        for (Lit l : resolvent_) in[lit_index(l)] = 1;
        antecedents_.assign(1, n);
        pivots_.assign(1, 0);
    };
    resolvent_.clear();
    load(node(chains_[chain_begin]));
    for (uint32_t i = 1; i + 1 < chain_size; i += 2) {
        uint32_t v = chains_[chain_begin + i];
        uint32_t n = node(chains_[chain_begin + i + 1]);
        Lit pos = static_cast<Lit>(v);
        Lit present = in[lit_index(pos)] ? pos : in[lit_index(-pos)] ? -pos : 0;
        if (!present) continue;
        auto c = proof.clause(n);
        if (!std::binary_search(c.begin(), c.end(), -present)) {
            load(n);
            continue;
        }
        in[lit_index(present)] = 0;
        for (Lit l : c)
            if (l != -present && !in[lit_index(l)]) {
                in[lit_index(l)] = 1;
                resolvent_.push_back(l);
            }
        antecedents_.push_back(n);
        pivots_.push_back(v);
    }
    // Keep the literals still in the resolvent (resolved pivots were only unmarked), sorted.
    size_t k = 0;
    for (Lit l : resolvent_)
        if (in[lit_index(l)]) {
            in[lit_index(l)] = 0;
            resolvent_[k++] = l;
        }
    resolvent_.resize(k);
    if (antecedents_.size() == 1) return antecedents_[0];
    std::sort(resolvent_.begin(), resolvent_.end());
    return proof.add_chain(antecedents_, pivots_, resolvent_);
}

ResolutionProof DratMiner::Miner::build() {
    auto start = Clock::now();
    // Nodes in the order of first addition, which is topological.
    ResolutionProof full;
    for (uint32_t e : events_) {
        uint32_t id = e >> 2, kind = e & 3;
        if (!needed_[id] || (kind != kAddInput && kind != kAddLemma)) continue;
        if (kind == kAddInput) {
            scratch_.assign(lits_of(id).begin(), lits_of(id).end());
            std::sort(scratch_.begin(), scratch_.end());
            uint32_t input = input_of_[id];
            node_of_[id] = full.add_leaf(input, inputs_->tags[input], scratch_);
        } else {
            node_of_[id] = rebuild_chain(full, chain_of_[id], chain_size_[id]);
        }
    }
    full.set_root(rebuild_chain(full, root_chain_, root_chain_size_));
    ResolutionProof proof = prune_unreachable(full);
    stats_.core_inputs = proof.num_leaves();
    stats_.core_lemmas = proof.num_chains();
    stats_.resolutions = proof.num_resolutions();
    stats_.build_seconds += base::seconds_since(start);
    return proof;
}

ResolutionProof DratMiner::Miner::mine(std::span<const uint8_t> trace, const InputClauses& inputs,
                                       std::span<const Lit> root_clause, MinerStats& stats) {
    // Counts of the trace so far carry over; the rest is about this proof.
    MinerStats session;
    session.trace_bytes = stats_.trace_bytes;
    session.inputs = stats_.inputs;
    session.additions = stats_.additions;
    session.deletions = stats_.deletions;
    session.ignored_deletions = stats_.ignored_deletions;
    session.readded = stats_.readded;
    stats_ = session;
    inputs_ = &inputs;
    read(trace);
    prepare(root_clause);
    check_root(root_clause);
    backward();
    ResolutionProof proof = build();
    stats = stats_;
    return proof;
}

DratMiner::DratMiner() : miner_(std::make_unique<Miner>()) {}
DratMiner::~DratMiner() = default;

ResolutionProof DratMiner::mine(std::span<const uint8_t> trace, const InputClauses& inputs,
                                std::span<const Lit> root_clause, MinerStats* stats) {
    MinerStats local;
    try {
        return miner_->mine(trace, inputs, root_clause, stats ? *stats : local);
    } catch (...) {
        miner_ = std::make_unique<Miner>();  // a failed proof may leave chains half done
        throw;
    }
}

ResolutionProof mine_drat(std::span<const uint8_t> trace, const InputClauses& inputs, std::span<const Lit> root_clause,
                          MinerStats* stats) {
    DratMiner miner;
    return miner.mine(trace, inputs, root_clause, stats);
}

}  // namespace craig::sat
