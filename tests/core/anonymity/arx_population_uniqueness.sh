#!/bin/sh
# ARX's own population uniqueness models on a frequency of frequencies, for comparison with
# tst_population_uniqueness (run outside the build; needs a JDK and a clone of
# github.com/arx-deidentifier/arx, checked with v3.9.2-6-gaacd487fb).
#   tests/core/anonymity/arx_population_uniqueness.sh ARX_CLONE POPULATION... < "size count" lines
# ARX's RiskModelHistogram reads a data handle; a stub taking (size, count) pairs stands in for it.
set -eu
arx=$1; shift
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
for f in risk/ModelSNB risk/ModelPitman risk/ModelZayatz risk/RiskModelPopulation \
         risk/RiskModelPopulationUniqueness risk/Gamma ARXPopulationModel ARXSolverConfiguration \
         common/WrappedBoolean common/WrappedInteger exceptions/ComputationInterruptedException; do
    mkdir -p "$work/src/org/deidentifier/arx/$(dirname $f)"
    git -C "$arx" show HEAD:src/main/org/deidentifier/arx/$f.java > "$work/src/org/deidentifier/arx/$f.java"
done
git -C "$arx" show HEAD:lib/ant/newtonraphson/newtonraphson-0.0.1.jar > "$work/nr.jar"
git -C "$arx" show HEAD:lib/ant/commons/commons-math3-3.6.1.jar > "$work/cm3.jar"
cat > "$work/src/org/deidentifier/arx/risk/RiskModelHistogram.java" <<'EOF'
package org.deidentifier.arx.risk;
public class RiskModelHistogram {
    private final int[] h; private final double records, classes;
    public RiskModelHistogram(int[] pairs) {
        h = pairs; double r = 0, c = 0;
        for (int i = 0; i < h.length; i += 2) { r += (double) h[i] * h[i + 1]; c += h[i + 1]; }
        records = r; classes = c;
    }
    public int[] getHistogram() { return h; }
    public double getNumClasses() { return classes; }
    public double getNumRecords() { return records; }
}
EOF
mkdir -p "$work/src/run"
cat > "$work/src/run/Run.java" <<'EOF'
package run;
import java.io.*; import java.util.*;
import org.deidentifier.arx.*; import org.deidentifier.arx.risk.*;
public class Run {
  public static void main(String[] a) throws Exception {
    TreeMap<Integer, Integer> m = new TreeMap<>();
    BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
    for (String l; (l = r.readLine()) != null;) {
      String[] p = l.trim().split("\\s+"); if (p.length == 2) m.merge(Integer.parseInt(p[0]), Integer.parseInt(p[1]), Integer::sum);
    }
    int[] h = new int[2 * m.size()]; int i = 0;
    for (Map.Entry<Integer, Integer> e : m.entrySet()) { h[i++] = e.getKey(); h[i++] = e.getValue(); }
    for (String pop : a) {
      RiskModelPopulationUniqueness u = new RiskModelPopulationUniqueness(
          ARXPopulationModel.create(Long.parseLong(pop)), new RiskModelHistogram(h), ARXSolverConfiguration.create());
      System.out.printf("N=%s zayatz=%.15g pitman=%.15g snb=%.15g dankar=%.15g model=%s%n", pop,
          u.getNumUniqueTuplesZayatz(), u.getNumUniqueTuplesPitman(), u.getNumUniqueTuplesSNB(),
          u.getNumUniqueTuplesDankar(), u.getPopulationUniquenessModel());
    }
  }
}
EOF
javac -nowarn -cp "$work/nr.jar:$work/cm3.jar" -d "$work/classes" $(find "$work/src" -name '*.java') 2>&1 | grep -v '^Note' || true
java -cp "$work/classes:$work/nr.jar:$work/cm3.jar" run.Run "$@"
