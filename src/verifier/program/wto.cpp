#include "verifier/program/wto.hpp"

#include <algorithm>
#include <climits>

namespace craig::verifier {

namespace {

// An element of the hierarchy: a location, or a component (its head and its elements).
struct Element {
    LocId loc;
    bool component = false;
    std::vector<Element> elements;  // components only, in order
};

// Bourdoncle's recursive algorithm: a depth-first search that numbers locations; a location
// whose subtree reaches back to it heads a component, which is computed again from its
// successors once its members are unnumbered. Partitions are built back to front (each
// finished element belongs before the ones finished earlier), so they are reversed at the end.
class Builder {
public:
    explicit Builder(const Program& p) : p_(p), dfn_(p.locs.size(), 0) {}

    std::vector<Element> run(LocId entry) {
        std::vector<Element> top;
        if (entry < p_.locs.size()) visit(entry, top);
        std::reverse(top.begin(), top.end());
        return top;
    }

private:
    static constexpr std::uint32_t kDone = UINT32_MAX;

    std::uint32_t visit(LocId v, std::vector<Element>& partition) {
        stack_.push_back(v);
        dfn_[v] = ++num_;
        std::uint32_t head = dfn_[v];
        bool loop = false;
        for (EdgeId e : p_.out(v)) {
            const LocId w = p_.edges[e].dst;
            const std::uint32_t min = dfn_[w] == 0 ? visit(w, partition) : dfn_[w];
            if (min <= head) {
                head = min;
                loop = true;
            }
        }
        if (head == dfn_[v]) {
            dfn_[v] = kDone;
            LocId e = stack_.back();
            stack_.pop_back();
            if (loop) {
                while (e != v) {
                    dfn_[e] = 0;
                    e = stack_.back();
                    stack_.pop_back();
                }
                partition.push_back(component(v));
            } else {
                partition.push_back(Element{v, false, {}});
            }
        }
        return head;
    }

    Element component(LocId v) {
        Element c{v, true, {}};
        for (EdgeId e : p_.out(v)) {
            const LocId w = p_.edges[e].dst;
            if (dfn_[w] == 0) visit(w, c.elements);
        }
        std::reverse(c.elements.begin(), c.elements.end());
        return c;
    }

    const Program& p_;
    std::vector<std::uint32_t> dfn_;
    std::vector<LocId> stack_;
    std::uint32_t num_ = 0;
};

}  // namespace

Wto::Wto(const Program& p, std::span<const LocId> last) {
    const std::size_t n = p.locs.size();
    pos_.assign(n, kNone);
    heads_.assign(n, false);
    head_of_.assign(n, kNoLoc);
    next_.assign(n, kNoLoc);
    exit_.assign(n, kNoLoc);
    depth_.assign(n, 0);

    std::vector<Element> top = Builder(p).run(p.entry);
    // Sinks to the end of the top level, in the order given.
    for (LocId l : last) {
        auto it = std::find_if(top.begin(), top.end(), [&](const Element& e) { return e.loc == l; });
        if (it == top.end()) continue;
        Element moved = std::move(*it);
        top.erase(it);
        top.push_back(std::move(moved));
    }

    // Flatten, and link each sequence: `head` is the component's head (kNoLoc at the top),
    // whose elements wrap to it.
    auto walk = [&](auto& self, const std::vector<Element>& seq, LocId head, unsigned depth) -> void {
        for (std::size_t i = 0; i < seq.size(); ++i) {
            const Element& e = seq[i];
            const LocId after = i + 1 < seq.size() ? seq[i + 1].loc : head;
            pos_[e.loc] = static_cast<std::uint32_t>(order_.size());
            order_.push_back(e.loc);
            end_.push_back(0);
            const std::size_t at = order_.size() - 1;
            if (!e.component) {
                head_of_[e.loc] = head;
                depth_[e.loc] = depth;
                next_[e.loc] = after;
            } else {
                heads_[e.loc] = true;
                head_of_[e.loc] = e.loc;
                depth_[e.loc] = depth + 1;
                exit_[e.loc] = after;
                next_[e.loc] = e.elements.empty() ? e.loc : e.elements.front().loc;
                self(self, e.elements, e.loc, depth + 1);
            }
            end_[at] = static_cast<std::uint32_t>(order_.size());
        }
    };
    walk(walk, top, kNoLoc, 0);
}

std::string Wto::to_string() const {
    std::string s;
    std::vector<std::uint32_t> open;  // ends of the components being printed
    for (std::uint32_t i = 0; i < order_.size(); ++i) {
        if (!s.empty() && s.back() != '(') s += ' ';
        if (heads_[order_[i]]) {
            s += '(';
            open.push_back(end_[i]);
        }
        s += std::to_string(order_[i]);
        while (!open.empty() && open.back() == i + 1) {
            s += ')';
            open.pop_back();
        }
    }
    return s;
}

}  // namespace craig::verifier
