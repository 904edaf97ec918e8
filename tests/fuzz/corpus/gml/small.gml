graph [
  directed 0
  node [ id 1 label "a" value 0 ]
  node [ id 2 label "b" value 1 ]
  node [ id 3 label "c" value 1 ]
  edge [ source 1 target 2 ]
  edge [ source 2 target 3 ]
]
