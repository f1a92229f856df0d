// The straightforward A* of the yardstick, in C++: 26 neighbours, no corner cutting (every
// voxel of a move's box free), exact 3D octile heuristic, binary heap with lazy duplicates.
// It shows how far TypeScript is from native code on the same problems in the same run.
// Usage: astar MAP.3dmap SCEN OFFSET LIMIT  -> one JSON line like the yardstick's.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

struct Entry { double f; int32_t v; };

int main(int argc, char** argv) {
  if (argc < 5) { std::fprintf(stderr, "usage: astar MAP SCEN OFFSET LIMIT\n"); return 2; }
  std::ifstream map(argv[1]);
  std::string word; int X, Y, Z;
  map >> word >> X >> Y >> Z;
  const int PX = X + 2, PY = Y + 2, PZ = Z + 2;
  const int64_t N = int64_t(PX) * PY * PZ, SY = PX, SZ = int64_t(PX) * PY;
  std::vector<uint8_t> wall(N, 0);
  for (int z = 0; z < PZ; z++) for (int y = 0; y < PY; y++) for (int x = 0; x < PX; x++)
    if (x == 0 || y == 0 || z == 0 || x == PX - 1 || y == PY - 1 || z == PZ - 1) wall[x + y * SY + z * SZ] = 1;
  for (int x, y, z; map >> x >> y >> z;) wall[(x + 1) + (y + 1) * SY + (z + 1) * SZ] = 1;

  const double S2 = std::sqrt(2.0), S3 = std::sqrt(3.0), C1 = S2 - 1, C2 = S3 - S2;
  std::vector<int64_t> off; std::vector<double> cost; std::vector<std::vector<int64_t>> need;
  for (int dz = -1; dz <= 1; dz++) for (int dy = -1; dy <= 1; dy++) for (int dx = -1; dx <= 1; dx++) {
    const int k = (dx != 0) + (dy != 0) + (dz != 0);
    if (!k) continue;
    off.push_back(dx + dy * SY + dz * SZ);
    cost.push_back(k == 1 ? 1 : k == 2 ? S2 : S3);
    std::vector<int64_t> cells;
    for (int ax = std::min(0, dx); ax <= std::max(0, dx); ax++)
      for (int ay = std::min(0, dy); ay <= std::max(0, dy); ay++)
        for (int az = std::min(0, dz); az <= std::max(0, dz); az++)
          if (ax || ay || az) cells.push_back(ax + ay * SY + az * SZ);
    need.push_back(cells);
  }
  std::vector<double> g(N); std::vector<uint32_t> seen(N, 0), closed(N, 0);
  uint32_t gen = 0;
  std::vector<Entry> heap; heap.reserve(1 << 16);
  auto cmp = [](const Entry& a, const Entry& b) { return a.f > b.f; };
  auto h = [&](int64_t v, int tx, int ty, int tz) {
    const int x = int(v % SY), y = int((v / SY) % PY), z = int(v / SZ);
    double a = std::abs(x - tx), b = std::abs(y - ty), c = std::abs(z - tz);
    if (a < b) std::swap(a, b); if (b < c) std::swap(b, c); if (a < b) std::swap(a, b);
    return a + C1 * b + C2 * c;
  };

  std::ifstream scen(argv[2]);
  std::string line; std::getline(scen, line); std::getline(scen, line);
  std::vector<std::vector<double>> probs;
  while (std::getline(scen, line)) {
    std::istringstream in(line); std::vector<double> p(7); double ratio;
    if (in >> p[0] >> p[1] >> p[2] >> p[3] >> p[4] >> p[5] >> p[6] >> ratio) probs.push_back(p);
  }
  const size_t from = std::stoul(argv[3]), count = std::stoul(argv[4]);
  std::vector<double> times; double totalMs = 0; uint64_t totalExp = 0; int bad = 0;
  for (size_t i = from; i < probs.size() && i < from + count; i++) {
    const auto& p = probs[i];
    const auto t0 = std::chrono::steady_clock::now();
    gen++; heap.clear();
    const int tx = int(p[3]) + 1, ty = int(p[4]) + 1, tz = int(p[5]) + 1;
    const int64_t s = (int64_t(p[0]) + 1) + (int64_t(p[1]) + 1) * SY + (int64_t(p[2]) + 1) * SZ;
    const int64_t t = tx + ty * SY + tz * SZ;
    g[s] = 0; seen[s] = gen; heap.push_back({h(s, tx, ty, tz), int32_t(s)});
    double found = -1; uint64_t exp = 0;
    while (!heap.empty()) {
      std::pop_heap(heap.begin(), heap.end(), cmp);
      const int64_t u = heap.back().v; heap.pop_back();
      if (closed[u] == gen) continue;
      if (u == t) { found = g[t]; break; }
      closed[u] = gen; exp++;
      for (size_t k = 0; k < off.size(); k++) {
        const int64_t v = u + off[k];
        if (closed[v] == gen) continue;
        bool ok = true;
        for (int64_t c : need[k]) if (wall[u + c]) { ok = false; break; }
        if (!ok) continue;
        const double ng = g[u] + cost[k];
        if (seen[v] != gen || ng < g[v]) {
          seen[v] = gen; g[v] = ng;
          heap.push_back({ng + h(v, tx, ty, tz), int32_t(v)}); std::push_heap(heap.begin(), heap.end(), cmp);
        }
      }
    }
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    times.push_back(ms); totalMs += ms; totalExp += exp;
    if (std::abs(found - p[6]) > 1e-3 && !(p[6] < 0 && found < 0)) bad++;
  }
  std::sort(times.begin(), times.end());
  std::printf("{\"problems\":%zu,\"mismatched\":%d,\"medianMs\":%.6f,\"expansionsPerSec\":%.1f}\n", times.size(), bad,
              times.empty() ? 0.0 : times[times.size() / 2], totalMs > 0 ? totalExp / (totalMs / 1000) : 0.0);
  return 0;
}
