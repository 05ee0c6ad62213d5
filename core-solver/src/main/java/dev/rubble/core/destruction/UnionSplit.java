package dev.rubble.core.destruction;

import dev.rubble.core.destruction.Unions.Member;
import dev.rubble.core.destruction.Unions.Union;
import dev.rubble.spi.graph.DisjointSets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The connectivity split of {@link Unions} (issue 29): when members left, the rest falls into islands
 * by the union's edges that touch a main member (an edge between two auxiliary members does not hold
 * them together: Chaos's OnlyUseInterclusterEdgesAttachedToMainParticles, on by default); the first
 * island with a main member keeps the union, other islands of two or more with a main member become
 * new unions, the rest go free.
 */
final class UnionSplit {
    private final DestructionContext d;
    private final Unions un;

    UnionSplit(DestructionContext d, Unions un) {
        this.d = d;
        this.un = un;
    }

    /** Connectivity: the members of u split into islands by its edges (members already left are out of the edges). */
    void split(Union u, Map<Integer, Union> touched) {
        int n = u.members.size();
        int[] root = new int[n];
        DisjointSets.reset(root, n);
        for (long e : u.edges) {
            int ia = (int) (e >>> 32), ib = (int) e;
            if (u.members.get(ia).auxiliary && u.members.get(ib).auxiliary) {
                // Chaos's OnlyUseInterclusterEdgesAttachedToMainParticles (default on; reference §8.3): only
                // edges with a main member hold, so an auxiliary member stays only if it touches a main one
                continue;
            }
            DisjointSets.union(root, ia, ib); // the smaller index is the island's name
        }
        int keep = -1;
        for (int i = 0; i < n && keep < 0; i++) {
            if (!u.members.get(i).auxiliary) {
                keep = DisjointSets.find(root, i);
            }
        }
        // islands in order of their smallest member
        List<Member> stay = new ArrayList<>();
        TreeMap<Integer, List<Member>> others = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            int r = DisjointSets.find(root, i);
            (r == keep ? stay : others.computeIfAbsent(r, k -> new ArrayList<>())).add(u.members.get(i));
        }
        for (List<Member> island : others.values()) {
            boolean main = false;
            for (Member m : island) {
                main |= !m.auxiliary;
            }
            if (main && island.size() >= 2) {
                Union nu = new Union(un.unions.lastKey() + 1);
                nu.inherit(u); // what was set on the welded structure holds for its parts that stay welded
                un.unions.put(nu.id, nu);
                for (Member m : island) {
                    // its (disabled) body holds its world pose (synced); the new union's rebuild carries it
                    nu.members.add(new Member(m.handle, m.auxiliary));
                }
                touched.put(nu.id, nu);
            } else {
                for (Member m : island) {
                    if (m.in && un.live(m.handle)) {
                        un.free(u, m.handle);
                    }
                }
            }
        }
        u.members.clear();
        u.members.addAll(stay);
        if (u.members.size() == 1) {
            Member m = u.members.remove(0);
            if (m.in && un.live(m.handle)) {
                un.free(u, m.handle);
            }
        }
    }
}
